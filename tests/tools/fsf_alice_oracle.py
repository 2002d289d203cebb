#!/usr/bin/env python3
"""Answers Alice chess questions with Fairy-Stockfish's alice branch (PyPI pyffish-alice).

Reads lines `<chess960 0|1>\t<fen>\t<uci move or ->` from stdin and writes, per line,
`<space-separated sorted legal moves>\t<FEN after the move, or ->`. Used by
tests/differential_alice.rs (one process for all positions). If the module cannot be
imported it prints one line `SKIP: <reason>` and exits with status 0.
"""
import sys

try:
    import pyffish_alice as sf
except Exception as exc:  # ImportError or a broken binary module
    print(f"SKIP: pyffish_alice not importable ({exc}); pip install pyffish-alice")
    sys.exit(0)

print("READY", flush=True)
for line in sys.stdin:
    line = line.rstrip("\n")
    if not line:
        continue
    flag, fen, move = line.split("\t")
    chess960 = flag == "1"
    moves = sorted(sf.legal_moves("alice", fen, [], chess960))
    after = "-" if move == "-" else sf.get_fen("alice", fen, [move], chess960)
    print(" ".join(moves) + "\t" + after, flush=False)
sys.stdout.flush()
