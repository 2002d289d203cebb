#!/usr/bin/env python3
"""SPSA tuning of kaleido's search parameters with `kaleido match` as the referee.

A local stand-in for an OpenBench SPSA run, for one machine: it reads the parameters in
the format `kaleido spsa` prints (name, int, value, min, max, step, rate), perturbs every
chosen parameter at once by +/- c_k, plays one game pair of the `tune` build against
itself (theta + c_k*delta against theta - c_k*delta, `option.NAME=VALUE`), and moves each
parameter by a_k * (wins - losses) / (c_k * delta). The gains follow OpenBench's schedule:
c_k = c * (k+1)^-0.101 with c = step * N^0.101, a_k = a * (A+k+1)^-0.602 with A = N/10 and
a = rate * step^2 * (A+N)^0.602, so the last iteration has c = step and a / c^2 = rate.

Several workers (`--workers`, one game pair each, one core each) run at once and update the
same theta as their pairs finish (asynchronous, as OpenBench's many machines do).

Example (a `cargo build --release --features tune` binary as the engine):

    kaleido spsa > params.txt
    python3 tuning/scripts/spsa.py --engine ./kaleido-tune --referee ./kaleido \
        --params params.txt --only rfp_margin,fut_margin --iterations 4000 --nodes 25000 \
        --openings books/chess-openings.epd --seed 3201 --workers 2 --log spsa.log

Every finished pair appends `pairs W-L theta...` to the log; the last line is the result.
A pair whose match fails (no score line) is logged as a `#` comment and skipped; after
`--max-failures` of them the run stops handing out pairs and exits with status 1.
"""

import argparse
import random
import re
import subprocess
import sys
import threading

SCORE = re.compile(r"^Score of .*?: (\d+) - (\d+) - (\d+)")


def read_params(path, only):
    params = []
    with open(path) as f:
        for line in f:
            parts = [p.strip() for p in line.split(",")]
            if len(parts) != 7 or parts[1] != "int":
                continue
            name, value, lo, hi, step, rate = parts[0], *map(float, parts[2:7])
            if only and name not in only:
                continue
            params.append({"name": name, "value": value, "min": lo, "max": hi, "step": step,
                           "rate": rate})
    missing = set(only or []) - {p["name"] for p in params}
    if missing:
        sys.exit(f"spsa.py: error: unknown parameters {sorted(missing)}")
    return params


def play_pair(args, plus, minus, seed):
    def engine(name, values):
        opts = [f"option.{n}={v}" for n, v in values.items()]
        return ["--engine", f"cmd={args.engine}", f"name={name}", *opts]

    cmd = [args.referee, "match", *engine("plus", plus), *engine("minus", minus),
           "--variant", args.variant, "--nodes", str(args.nodes), "--games", "2",
           "--concurrency", "1", "--seed", str(seed),
           "--resign", "movecount=3", "score=600", "--draw", "movenumber=40", "movecount=8",
           "score=10"]
    if args.openings:
        cmd += ["--openings", args.openings]
    res = subprocess.run(cmd, capture_output=True, text=True)
    out = res.stdout
    for line in out.splitlines():
        m = SCORE.match(line)
        if m:
            return int(m.group(1)), int(m.group(2))
    raise RuntimeError(f"no score line from kaleido match (exit status {res.returncode})\n"
                       + out[-2000:] + res.stderr[-2000:])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", required=True, help="a `--features tune` kaleido")
    ap.add_argument("--referee", required=True, help="the kaleido that runs `match`")
    ap.add_argument("--params", required=True, help="`kaleido spsa` output")
    ap.add_argument("--only", help="comma-separated names to tune (default: all)")
    ap.add_argument("--iterations", type=int, required=True, help="game pairs in all")
    ap.add_argument("--rate", type=float, help="override every parameter's rate")
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--nodes", type=int, default=25000)
    ap.add_argument("--openings")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--log", required=True)
    ap.add_argument("--max-failures", type=int, default=20,
                    help="stop handing out pairs after this many failed matches")
    args = ap.parse_args()

    only = set(args.only.split(",")) if args.only else None
    params = read_params(args.params, only)
    n = args.iterations
    big_a = n / 10
    for p in params:
        rate = args.rate if args.rate is not None else p["rate"]
        p["c"] = p["step"] * n**0.101
        p["a"] = rate * p["step"] ** 2 * (big_a + n) ** 0.602

    rng = random.Random(args.seed)
    lock = threading.Lock()
    state = {"next": 0, "done": 0, "failed": 0}
    log = open(args.log, "a")
    log.write("# " + " ".join(p["name"] for p in params) + "\n")
    log.flush()

    def worker():
        while True:
            with lock:
                k = state["next"]
                if k >= n:
                    return
                state["next"] += 1
                seed = rng.randrange(1 << 30)
                plus, minus, signs = {}, {}, []
                for p in params:
                    c_k = p["c"] / (k + 1) ** 0.101
                    d = rng.choice((-1, 1))
                    signs.append((d, c_k))
                    up = min(max(p["value"] + c_k * d, p["min"]), p["max"])
                    down = min(max(p["value"] - c_k * d, p["min"]), p["max"])
                    plus[p["name"]] = round(up)
                    minus[p["name"]] = round(down)
            try:
                wins, losses = play_pair(args, plus, minus, seed)
            except (RuntimeError, OSError) as err:
                # A failed match (an engine that crashed, a referee error) costs its pair,
                # not the worker: the pair is logged as a comment and never moves theta.
                with lock:
                    state["failed"] += 1
                    first = str(err).splitlines()[0]
                    log.write(f"# pair {k} failed ({first}); theta unchanged\n")
                    log.flush()
                    print(f"spsa.py: pair {k} failed: {err}", file=sys.stderr)
                    if state["failed"] >= args.max_failures:
                        state["next"] = n
                continue
            with lock:
                for p, (d, c_k) in zip(params, signs):
                    a_k = p["a"] / (big_a + k + 1) ** 0.602
                    p["value"] += a_k * (wins - losses) / (c_k * d)
                    p["value"] = min(max(p["value"], p["min"]), p["max"])
                state["done"] += 1
                values = " ".join(f"{p['value']:.2f}" for p in params)
                log.write(f"{state['done']} {wins}-{losses} {values}\n")
                log.flush()

    threads = [threading.Thread(target=worker) for _ in range(args.workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print("final:", ", ".join(f"{p['name']}={round(p['value'])}" for p in params))
    if state["failed"]:
        print(f"spsa.py: {state['failed']} pairs failed (see the log)", file=sys.stderr)
        if state["failed"] >= args.max_failures:
            sys.exit(1)


if __name__ == "__main__":
    main()
