#!/usr/bin/env python3
"""Clock audit of `kaleido match` PGN files (any variant).

Replays each game's clock from its `TimeControl` tag (`base+inc`, seconds) and the
`{score/depth time}` comment after every move, and prints per engine: moves, the
longest move, the lowest clock seen before a move, and how many moves used more than
the clock held (a time forfeit with `--timemargin 0`), with the largest excess; and
for a few margins, how many games a move over clock + margin would have ended (run
the match with a large `--timemargin` to see them all). Clocks follow the referee: a
move over the clock leaves it at 0, then the increment is added. Also counts
`Termination` tags and the forfeit comments. No dependencies.

    python3 tuning/scripts/pgn_clock.py games.pgn [more.pgn ...]
"""

import re
import sys
from collections import Counter, defaultdict

TIME = re.compile(r"\{[^}]*?/\d+ (\d+(?:\.\d+)?)s\}")
TAG = re.compile(r'^\[(\w+) "(.*)"\]$')


def games(path):
    """Yields (tags, movetext) per game."""
    tags, text = {}, []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            m = TAG.match(line)
            if m:
                if text:
                    yield tags, " ".join(text)
                    tags, text = {}, []
                tags[m.group(1)] = m.group(2)
            elif line.strip():
                text.append(line)
    if tags:
        yield tags, " ".join(text)


def main(paths):
    stats = defaultdict(lambda: {"moves": 0, "max_ms": 0, "min_left": None,
                                 "over": 0, "max_over": 0})
    terminations = Counter()
    reasons = Counter()
    n = 0
    margins = [0, 50, 100, 200, 500, 1000]
    lost_at = Counter()
    for path in paths:
        for tags, text in games(path):
            n += 1
            terminations[tags.get("Termination", "?")] += 1
            for r in re.findall(r"\{((?:White|Black) \([^)]*\) [^}]*)\}", text):
                reasons[re.sub(r"\d+", "N", r.split(") ", 1)[1])] += 1
            tc = tags.get("TimeControl", "")
            m = re.fullmatch(r"(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)", tc)
            if not m:
                continue
            base, inc = float(m.group(1)) * 1000, float(m.group(2)) * 1000
            fen = tags.get("FEN", "")
            side = 1 if len(fen.split()) > 1 and fen.split()[1] == "b" else 0
            names = [tags.get("White", "?"), tags.get("Black", "?")]
            left = [base, base]
            worst = 0.0
            for t in TIME.findall(text):
                used = float(t) * 1000
                s = stats[names[side]]
                s["moves"] += 1
                s["max_ms"] = max(s["max_ms"], used)
                s["min_left"] = left[side] if s["min_left"] is None else min(s["min_left"], left[side])
                if used > left[side]:
                    s["over"] += 1
                    s["max_over"] = max(s["max_over"], used - left[side])
                    worst = max(worst, used - left[side])
                left[side] = max(left[side] - used, 0) + inc
                side ^= 1
            for m in margins:
                lost_at[m] += worst > m
    print(f"{n} games")
    for k, v in sorted(terminations.items()):
        print(f"  Termination {k}: {v}")
    for k, v in sorted(reasons.items()):
        print(f"  comment '{k}': {v}")
    print("  games with a move over clock + margin: "
          + ", ".join(f"{m} ms: {lost_at[m]}" for m in margins))
    for name, s in sorted(stats.items()):
        print(f"  {name}: {s['moves']} timed moves, longest {s['max_ms']:.0f} ms, "
              f"lowest clock {s['min_left'] or 0:.0f} ms, over the clock {s['over']} "
              f"(largest excess {s['max_over']:.0f} ms)")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
