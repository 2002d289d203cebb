#!/usr/bin/env python3
"""Times `go perft N` in a UCI engine (from the `go` line to `Nodes searched`), so
engine start-up is not counted. Usage:
  perft_bench.py ENGINE DEPTH FEN [chess960]"""
import subprocess, sys, time

engine, depth, fen = sys.argv[1], sys.argv[2], sys.argv[3]
chess960 = len(sys.argv) > 4 and sys.argv[4] in ("1", "true", "chess960")
p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

def send(line):
    p.stdin.write(line + "\n")
    p.stdin.flush()

def wait_for(prefix):
    for line in p.stdout:
        if line.startswith(prefix):
            return line
    raise SystemExit("engine quit")

send("uci"); wait_for("uciok")
send("setoption name Threads value 1")
if chess960:
    send("setoption name UCI_Chess960 value true")
send("isready"); wait_for("readyok")
send("position fen " + fen)
send("isready"); wait_for("readyok")
def cpu_seconds():
    # utime of the engine process (field 14 of /proc/PID/stat, 100 ticks per second)
    with open(f"/proc/{p.pid}/stat") as f:
        stat = f.read()
    return int(stat[stat.rindex(")") + 2:].split()[11]) / 100.0

c = cpu_seconds()
t = time.perf_counter()
send("go perft " + depth)
line = wait_for("Nodes searched")
dt = time.perf_counter() - t
cpu = cpu_seconds() - c
nodes = int(line.split(":")[1])
send("quit")
print(f"{engine.split('/')[-1]} depth {depth} nodes {nodes} time {dt:.3f} s nps {nodes / dt / 1e6:.1f} M"
      f" (cpu {cpu:.2f} s, {nodes / max(cpu, 0.01) / 1e6:.1f} M/cpu-s)  {fen}")
