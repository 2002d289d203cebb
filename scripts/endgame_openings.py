#!/usr/bin/env python3
"""Endgame start positions for matches that test endgame tables (books/chess-endgames.epd).

Usage: endgame_openings.py ENGINE COUNT SEED [MIN_CP MAX_CP] > FILE.epd

Random legal positions of five and six men with roughly balanced material (rook and pawn
against rook, bishop and pawns against bishop, ...), colours swapped at random; kept when
the side to move is not in check, has no capture, and ENGINE (a UCI engine, e.g. kaleido)
scores it, after 20,000 nodes, between MIN_CP and MAX_CP centipawns for either side
(default 0 and 150: level positions; 100 and 500: one side better, to be converted or held). One capture or promotion away from
the 3- and 4-man tables, so that a match between an engine with tables and one without
reaches them often. Needs python-chess.
"""

import random
import sys

import chess
import chess.engine

MATERIALS = [
    "KRPvKR", "KBPvKB", "KNPvKN", "KBPvKN", "KNPvKB", "KQPvKQ", "KRPvKB",
    "KRPvKN", "KPPvKP", "KRvKBP", "KRPPvKR", "KRPvKRP", "KBPPvKB", "KNPvKNP",
    "KBPvKBP", "KRPvKBP", "KPPPvKPP", "KQPvKQP", "KRBvKRN", "KRNvKRB",
]


def place(rng, name):
    strong, weak = name.split("v")
    if rng.random() < 0.5:
        white, black = strong, weak
    else:
        white, black = weak, strong
    board = chess.Board(None)
    board.turn = rng.choice([chess.WHITE, chess.BLACK])
    for letters, color in ((white, chess.WHITE), (black, chess.BLACK)):
        for letter in letters:
            while True:
                square = rng.randrange(64)
                rank = chess.square_rank(square)
                if board.piece_at(square) is not None:
                    continue
                if letter == "P" and not 1 <= rank <= 6:
                    continue
                break
            symbol = letter if color == chess.WHITE else letter.lower()
            board.set_piece_at(square, chess.Piece.from_symbol(symbol))
    return board


def main():
    if len(sys.argv) not in (4, 6):
        print(__doc__)
        sys.exit(2)
    engine_path, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    low, high = (int(sys.argv[4]), int(sys.argv[5])) if len(sys.argv) == 6 else (0, 150)
    rng = random.Random(seed)
    kept = []
    with chess.engine.SimpleEngine.popen_uci(engine_path) as engine:
        while len(kept) < count:
            board = place(rng, rng.choice(MATERIALS))
            if not board.is_valid() or board.is_check() or board.is_game_over():
                continue
            if any(board.is_capture(m) for m in board.legal_moves):
                continue
            info = engine.analyse(board, chess.engine.Limit(nodes=20000))
            score = info["score"].relative.score()
            if score is not None and low <= abs(score) <= high:
                kept.append(board.epd())
    print("\n".join(kept))


if __name__ == "__main__":
    main()
