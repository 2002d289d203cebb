#!/usr/bin/env python3
"""Lazy SMP scaling through UCI: time to a fixed depth and nodes/s, `Threads` N against 1.

Two engine processes (one set to 1 thread, one to N) take turns on every position, which
goes first alternating, each after `ucinewgame`, so that a machine whose speed drifts slows
both alike. Prints per-position times and the ratios (total, geometric mean). Needs the
cores to itself: any other load changes the figures.

    scripts/smp_scaling.py --engine target/release/kaleido --depth 16 --repeat 2
    scripts/smp_scaling.py --engine E --variant xiangqi --depth 14 --option Evaluation=classical

Positions: `--positions K` chess openings taken at an even stride from
books/chess-openings.epd, or `--fens FILE` (one FEN or EPD a line, any variant).
"""

import argparse
import math
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


class Engine:
    def __init__(self, cmd, variant, threads, hash_mib, options):
        self.proc = subprocess.Popen(
            [cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")
        if variant != "chess":
            self.send(f"setoption name UCI_Variant value {variant}")
        self.send(f"setoption name Threads value {threads}")
        self.send(f"setoption name Hash value {hash_mib}")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.ready()

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit(f"engine ended while waiting for {prefix}")
            line = line.strip()
            lines.append(line)
            if line.startswith("info string error"):
                print(line, file=sys.stderr)
            if line.startswith(prefix):
                return lines

    def ready(self):
        self.send("isready")
        self.wait_for("readyok")

    def go(self, fen, limit):
        """Searches `fen` afresh under `limit`; returns (seconds, nodes, depth, nps)."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.ready()
        start = time.perf_counter()
        self.send(f"go {limit}")
        lines = self.wait_for("bestmove")
        seconds = time.perf_counter() - start
        nodes = depth = nps = 0
        for line in lines:
            words = line.split()
            if words[:1] != ["info"]:
                continue
            for key in ("nodes", "depth", "nps"):
                if key in words:
                    value = int(words[words.index(key) + 1])
                    if key == "nodes":
                        nodes = value
                    elif key == "depth":
                        depth = value
                    else:
                        nps = value
        return seconds, nodes, depth, nps

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def read_fens(args):
    if args.fens:
        lines = pathlib.Path(args.fens).read_text().splitlines()
        fens = [l for l in lines if l.strip() and not l.startswith("#")]
    else:
        book = (ROOT / "books" / "chess-openings.epd").read_text().splitlines()
        stride = max(1, len(book) // args.positions)
        fens = [book[i * stride] for i in range(args.positions)]
    # EPD: four fields, then operations; a FEN keeps its clocks.
    out = []
    for line in fens:
        fields = line.split()
        if len(fields) >= 6 and fields[4].isdigit() and fields[5].isdigit():
            out.append(" ".join(fields[:6]))
        else:
            out.append(" ".join(fields[:4]) + " 0 1")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", required=True)
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--depth", type=int, default=16)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--fens")
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--nps-ms", type=int, default=0, help="also nodes/s at this movetime")
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE, both engines")
    args = ap.parse_args()
    options = [o.split("=", 1) for o in args.option]
    fens = read_fens(args)
    counts = [1, args.threads]
    engines = [Engine(args.engine, args.variant, t, args.hash, options) for t in counts]

    if args.nps_ms:
        sums = [[0, 0.0], [0, 0.0]]
        for k, fen in enumerate(fens):
            for turn in range(2):
                i = (turn + k) % 2
                seconds, nodes, _, _ = engines[i].go(fen, f"movetime {args.nps_ms}")
                sums[i][0] += nodes
                sums[i][1] += seconds
        nps = [n / s for n, s in sums]
        print(f"nodes/s: 1 thread {nps[0]:.0f}, {args.threads} threads {nps[1]:.0f}, "
              f"ratio {nps[1] / nps[0]:.2f} ({len(fens)} positions of {args.nps_ms} ms)")

    times = [[0.0, 0.0] for _ in fens]
    nodes = [0, 0]
    for k, fen in enumerate(fens):
        for r in range(args.repeat):
            for turn in range(2):
                i = (turn + k + r) % 2
                seconds, n, _, _ = engines[i].go(fen, f"depth {args.depth}")
                times[k][i] += seconds
                nodes[i] += n
        t1, tn = times[k]
        print(f"{k + 1:2} {t1:7.2f} s {tn:7.2f} s  ratio {tn / t1:.2f}  {fen}", flush=True)
    total = [sum(t[i] for t in times) for i in range(2)]
    geo = math.exp(sum(math.log(t[1] / t[0]) for t in times) / len(times))
    print(f"time to depth {args.depth}: 1 thread {total[0]:.1f} s, {args.threads} threads "
          f"{total[1]:.1f} s; ratio {total[1] / total[0]:.2f} (total), {geo:.2f} (geometric mean); "
          f"nodes ratio {nodes[1] / nodes[0]:.2f}; nodes/s ratio "
          f"{nodes[1] / total[1] / (nodes[0] / total[0]):.2f}; {len(fens)} positions x {args.repeat}")
    for e in engines:
        e.quit()


if __name__ == "__main__":
    main()
