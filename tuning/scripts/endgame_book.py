#!/usr/bin/env python3
"""Endgame starts for matches that test endgame knowledge (e.g. the drawish-ending scale of
tuning/candidates/6-endgame-scale.patch): positions of a datagen text file (`FEN | score |
result` lines) with 6-14 men, not in check, a search score of 60-500 centipawns either way,
and either bishops of opposite colours (one each) or a side without pawns (10 men at most);
one per board, shuffled with a fixed seed, the first N written as EPD (four FEN fields).

    python3 tuning/scripts/endgame_book.py chess-shared.txt egbook.epd [--count 600] [--seed 2601]

Needs python-chess. Session 26 made its book from the shared classical chess set
(`chess-5000n-seed20261201.txt`) with the defaults.
"""
import argparse
import collections
import random

import chess


def opposite_bishops(board):
    white = board.pieces(chess.BISHOP, chess.WHITE)
    black = board.pieces(chess.BISHOP, chess.BLACK)
    if len(white) != 1 or len(black) != 1:
        return False
    colour = lambda sq: (chess.square_file(sq) + chess.square_rank(sq)) % 2
    return colour(list(white)[0]) != colour(list(black)[0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--seed", type=int, default=2601)
    args = ap.parse_args()
    random.seed(args.seed)
    found, seen = [], set()
    with open(args.data) as f:
        for line in f:
            parts = line.split(" | ")
            if len(parts) < 3:
                continue
            fen, score = parts[0], int(parts[1])
            board = chess.Board(fen)
            men = len(board.piece_map())
            if not 6 <= men <= 14 or not 60 <= abs(score) <= 500 or board.is_check():
                continue
            pawnless = not board.pieces(chess.PAWN, chess.WHITE) or not board.pieces(
                chess.PAWN, chess.BLACK
            )
            if opposite_bishops(board):
                kind = "opposite bishops"
            elif pawnless and men <= 10:
                kind = "no pawns"
            else:
                continue
            if board.board_fen() in seen:
                continue
            seen.add(board.board_fen())
            found.append((kind, fen))
    random.shuffle(found)
    print(collections.Counter(kind for kind, _ in found))
    with open(args.out, "w") as out:
        for _, fen in found[: args.count]:
            out.write(" ".join(fen.split(" ")[:4]) + "\n")


if __name__ == "__main__":
    main()
