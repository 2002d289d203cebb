#!/usr/bin/env python3
"""Score of one engine over `kaleido match` PGN files, pooled (any variant).

Counts the engine's wins, losses and draws and gives the Elo difference with its 95 %
interval two ways: per game (trinomial, as `kaleido match` prints it) and per game pair
(pentanomial: the two games of one opening with colours swapped, which is what the
referee plays when `--games` is even; the pair is found by its `FEN` tag and its rounds
`2k-1`, `2k` within one file). Several files pool into one count, so rows of one build
against a peer, played with different seeds, add up to one fixed match. Reads PGN with
`pgn_clock.py`'s reader (same folder); no other dependencies.

    python3 tuning/scripts/pgn_score.py --engine kaleido a.pgn b.pgn ...
"""

import argparse
import math
from collections import defaultdict

from pgn_clock import games  # the PGN reader of its neighbour script

POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def elo(score):
    return -400.0 * math.log10(1.0 / score - 1.0)


def interval(counts, values):
    """Elo and the half-width of its 95 % interval from outcome counts and their scores."""
    n = sum(counts)
    mean = sum(c * v for c, v in zip(counts, values)) / n
    var = sum(c * (v - mean) ** 2 for c, v in zip(counts, values)) / n
    se = math.sqrt(var / n)
    lo, hi = max(mean - 1.96 * se, 1e-6), min(mean + 1.96 * se, 1 - 1e-6)
    return elo(mean), (elo(hi) - elo(lo)) / 2


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", default="kaleido", help="the engine's name in the PGN")
    ap.add_argument("pgn", nargs="+")
    args = ap.parse_args()

    wld = [0, 0, 0]
    penta = [0] * 5
    unpaired = skipped = 0
    for path in args.pgn:
        pairs = defaultdict(list)
        for tags, _movetext in games(path):
            result = POINTS.get(tags.get("Result"))
            white, black = tags.get("White"), tags.get("Black")
            if result is None or args.engine not in (white, black):
                skipped += 1
                continue
            score = result if white == args.engine else 1.0 - result
            wld[0 if score == 1.0 else 1 if score == 0.0 else 2] += 1
            pair = (int(tags.get("Round", "0")) + 1) // 2
            pairs[(tags.get("FEN", ""), pair)].append(score)
        for scores in pairs.values():
            if len(scores) == 2:
                penta[round(2 * sum(scores))] += 1
            else:
                unpaired += len(scores)

    n = sum(wld)
    if n == 0:
        raise SystemExit(f"pgn_score.py: no finished game of '{args.engine}'")
    w, l, d = wld
    line = f"{args.engine}: {n} games, {w}-{l}-{d} (W-L-D)"
    if 0 < w + d / 2 < n:
        e, half = interval([w, l, d], [1.0, 0.0, 0.5])
        line += f", Elo {e:+.1f} +/- {half:.1f}"
    print(line)
    pairs_n = sum(penta)
    if pairs_n and 0 < sum(c * i for i, c in enumerate(penta)) < 4 * pairs_n:
        e, half = interval(penta, [0.0, 0.25, 0.5, 0.75, 1.0])
        print(f"  {pairs_n} pairs, pentanomial {penta}, Elo {e:+.1f} +/- {half:.1f}")
    if unpaired or skipped:
        print(f"  {unpaired} games without their pair, {skipped} games skipped (unfinished or "
              "without the engine)")


if __name__ == "__main__":
    main()
