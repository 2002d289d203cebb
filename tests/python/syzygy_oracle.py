#!/usr/bin/env python3
"""Random legal positions of the Syzygy tables in a folder, probed by python-chess.

Usage: syzygy_oracle.py TABLES_DIR COUNT SEED [MATERIAL ...]

Prints one line per position: `<fen>;<wdl>;<dtz>` (python-chess's `probe_wdl` and
`probe_dtz`). The positions are drawn over the tables found in TABLES_DIR (or only the
MATERIAL names given, e.g. KQvK), with random placements of the pieces and side to move,
kept when python-chess calls them valid; about a third of the pawn positions are played
into by a double pawn step, so that some have an en passant capture. With a MATERIAL list
and the word `won` first, only positions the side to move wins within the 50-move rule
(wdl 2) are kept, each line then `<fen>` alone. Exit code 3: python-chess is missing.
"""

import os
import random
import sys

try:
    import chess
    import chess.syzygy
except ImportError:
    sys.exit(3)


def materials(folder):
    names = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".rtbw"):
            names.append(name[: -len(".rtbw")])
    return names


def place(rng, name, turn):
    """A board with the pieces of table `name` at random squares, or None."""
    white, black = name.split("v")
    board = chess.Board(None)
    squares = rng.sample(range(64), len(white) + len(black))
    for letters, color in ((white, chess.WHITE), (black, chess.BLACK)):
        for letter in letters:
            square = squares.pop()
            piece = chess.Piece.from_symbol(letter if color == chess.WHITE else letter.lower())
            if piece.piece_type == chess.PAWN and chess.square_rank(square) in (0, 7):
                return None
            board.set_piece_at(square, piece)
    board.turn = turn
    return board


def double_steps(board):
    """The double pawn steps of `board` after which an en passant capture is legal."""
    out = []
    for m in board.legal_moves:
        if board.piece_type_at(m.from_square) == chess.PAWN and abs(m.to_square - m.from_square) == 16:
            board.push(m)
            if board.has_legal_en_passant():
                out.append(m)
            board.pop()
    return out


def random_position(rng, name):
    both_pawns = "P" in name.split("v")[0] and "P" in name.split("v")[1]
    want_ep = both_pawns and rng.random() < 0.35
    tries = 0
    while True:
        tries += 1
        turn = rng.choice([chess.WHITE, chess.BLACK])
        board = place(rng, name, turn)
        if board is None or not board.is_valid():
            continue
        if want_ep and tries < 5000:
            doubles = double_steps(board)
            if not doubles:
                continue
            board.push(rng.choice(doubles))
            board = chess.Board(board.fen())
        return board


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        sys.exit(2)
    folder, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    wanted = sys.argv[4:]
    won = bool(wanted) and wanted[0] == "won"
    if won:
        wanted = wanted[1:]
    names = wanted or materials(folder)
    rng = random.Random(seed)
    out = []
    with chess.syzygy.open_tablebase(folder) as tables:
        while len(out) < count:
            board = random_position(rng, rng.choice(names))
            wdl = tables.probe_wdl(board)
            if won:
                if wdl == 2 and not board.is_game_over():
                    out.append(board.fen())
                continue
            dtz = tables.probe_dtz(board)
            out.append(f"{board.fen()};{wdl};{dtz}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
