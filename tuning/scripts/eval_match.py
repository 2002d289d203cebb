#!/usr/bin/env python3
"""Plays two UCI chess engines against each other with python-chess and reports
W/L/D and an Elo estimate with a 95% interval, for the first engine.

Each opening is played twice with colours reversed. Openings come from an EPD file
(first four FEN fields per line); a fixed seed picks them. Games end by the rules
(mate, stalemate, repetition, 50 moves, insufficient material), by adjudication when
both engines agree the score is beyond --resign centipawns for 4 moves each, or as a
draw after --max-plies.

Example:
  tuning/scripts/eval_match.py --new target/release/kaleido --old ./kaleido-old \\
      --book books/chess-openings.epd --pairs 50 --nodes 20000
"""

import argparse
import math
import random
import sys

import chess
import chess.engine


def read_book(path, chess960):
    fens = []
    with open(path) as f:
        for line in f:
            fields = line.split()
            if len(fields) >= 4 and not line.startswith("#"):
                fens.append(" ".join(fields[:4]) + " 0 1")
    if not fens:
        sys.exit(f"no positions in {path}")
    return fens


def play_game(engines, names, fen, limit, args):
    """engines[0] plays White. Returns '1-0', '0-1' or '1/2-1/2' and the reason."""
    board = chess.Board(fen, chess960=args.chess960)
    for e in engines:
        if "Clear Hash" in e.options:
            e.configure({"Clear Hash": None})
    streak = [0, 0]  # consecutive moves each side reported a decisive score
    verdict = [0, 0]  # sign of that score, White's view
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            return outcome.result(), outcome.termination.name.lower()
        if board.ply() >= args.max_plies:
            return "1/2-1/2", "max plies"
        mover = 0 if board.turn == chess.WHITE else 1
        result = engines[mover].play(board, limit, info=chess.engine.INFO_SCORE)
        if result.move is None or result.move not in board.legal_moves:
            winner = "0-1" if mover == 0 else "1-0"
            return winner, f"illegal or no move from {names[mover]}"
        score = result.info.get("score")
        if score is not None:
            white_cp = score.white().score(mate_score=100000)
            sign = (white_cp > 0) - (white_cp < 0)
            decisive = abs(white_cp) >= args.resign and sign == (verdict[mover] or sign)
            streak[mover] = streak[mover] + 1 if decisive else 0
            verdict[mover] = sign if decisive else 0
            if min(streak) >= 4 and verdict[0] == verdict[1]:
                return ("1-0" if sign > 0 else "0-1"), "adjudicated"
        board.push(result.move)


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--new", required=True, help="engine under test")
    ap.add_argument("--old", required=True, help="reference engine")
    ap.add_argument("--book", required=True)
    ap.add_argument("--pairs", type=int, default=50, help="openings, each played twice")
    ap.add_argument("--nodes", type=int, help="nodes per move")
    ap.add_argument("--movetime", type=int, help="milliseconds per move")
    ap.add_argument("--chess960", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--resign", type=int, default=1000)
    ap.add_argument("--hash", type=int, default=16)
    args = ap.parse_args()
    if args.nodes is None and args.movetime is None:
        args.nodes = 20000
    limit = chess.engine.Limit(
        nodes=args.nodes, time=args.movetime / 1000 if args.movetime else None
    )

    book = read_book(args.book, args.chess960)
    openings = random.Random(args.seed).sample(book, min(args.pairs, len(book)))
    paths = [args.new, args.old]
    names = ["new", "old"]
    engines = [chess.engine.SimpleEngine.popen_uci(p) for p in paths]
    for e in engines:
        opts = {"Hash": args.hash, "Threads": 1}
        if args.chess960:
            opts["UCI_Chess960"] = True
        e.configure(opts)

    w = l = d = 0
    pairs = []  # points of the new engine per opening pair
    try:
        for i, fen in enumerate(openings):
            pair = 0.0
            for new_is_white in (True, False):
                order = [0, 1] if new_is_white else [1, 0]
                res, why = play_game([engines[j] for j in order], [names[j] for j in order],
                                     fen, limit, args)
                if res == "1/2-1/2":
                    d += 1
                    pair += 0.5
                elif (res == "1-0") == new_is_white:
                    w += 1
                    pair += 1
                else:
                    l += 1
                n = w + l + d
                print(f"game {n}: {'new' if new_is_white else 'old'} white {res} ({why})"
                      f"  [W {w} L {l} D {d}]  {fen}", flush=True)
            pairs.append(pair)
    finally:
        for e in engines:
            e.quit()

    n = w + l + d
    mu = (w + 0.5 * d) / n
    # Trinomial (per game) and pentanomial (per opening pair) standard errors.
    var3 = (w * (1 - mu) ** 2 + d * (0.5 - mu) ** 2 + l * mu ** 2) / n
    se3 = math.sqrt(var3 / n)
    pm = [p / 2 for p in pairs]
    var5 = sum((p - mu) ** 2 for p in pm) / len(pm)
    se5 = math.sqrt(var5 / len(pm))
    print(f"\nnew vs old: {n} games  W {w}  L {l}  D {d}  score {mu:.3f}")
    for label, se in (("per game", se3), ("per pair", se5)):
        lo, hi = elo(mu - 1.96 * se), elo(mu + 1.96 * se)
        print(f"Elo {elo(mu):+.1f}  95% [{lo:+.1f}, {hi:+.1f}]  ({label} error)")


if __name__ == "__main__":
    main()
