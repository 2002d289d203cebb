#!/usr/bin/env python3
"""A person watching a match: `kaleido match --live 0` shown in headless Chromium.

Usage: watch.py KALEIDO SCREENSHOT_DIR [VARIANT...]

For each variant (default: xiangqi and chess) it starts Chromium, then a fixed-node match
of two games at concurrency 2 (kaleido against itself, with a clock, from random 4-ply
openings) whose live page it opens. It checks that both games appear as cards, that their
moves appear as they are played (the ply count and the board picture change while the
page is open, with no reload), that each card shows both engines' clocks and last score,
and that the page ends with both results, the final standings and "Match over". A
screenshot of the two games in progress is saved per variant in SCREENSHOT_DIR as
live-VARIANT.png (the paths are printed).

Exit status 3 with a `SKIP:` line when selenium, chromium or chromedriver is missing.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

from chromium import By, address_in, start_browser

VARIANTS = ["xiangqi", "chess"]
NODES = 20000
MAX_PLIES = 90
TIMEOUT_S = 120



def start_match(kaleido, variant):
    """The match and its live page's address (read from its stderr)."""
    proc = subprocess.Popen(
        [kaleido, "match", "--variant", variant,
         "--engine", f"cmd={kaleido}", "name=kaleido-a", "option.Hash=8",
         "--engine", f"cmd={kaleido}", "name=kaleido-b", "option.Hash=8",
         "--nodes", str(NODES), "--tc", "300+2", "--games", "2", "--concurrency", "2",
         "--maxplies", str(MAX_PLIES), "--random-plies", "4", "--seed", "7", "--live", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return proc, address_in(proc, proc.stderr.readline(), "kaleido match --live")


CARDS = """
return [...document.querySelectorAll('#games .game')].map((c) => ({
  number: c.dataset.number, plies: Number(c.dataset.plies), result: c.dataset.result,
  svg: c.querySelector('.board').innerHTML.length,
  cells: c.querySelectorAll('.board [data-cell]').length,
  picture: c.querySelector('.board').innerHTML,
  clocks: [...c.querySelectorAll('.player .clock')].map((e) => e.textContent),
  evals: [...c.querySelectorAll('.player .eval')].map((e) => e.textContent),
  last: (c.querySelector('.moves .last') || {}).textContent || '',
}));
"""


def wait_for(driver, what, test):
    deadline = time.time() + TIMEOUT_S
    while time.time() < deadline:
        cards = driver.execute_script(CARDS)
        if test(cards):
            return cards
        time.sleep(0.05)
    cards = [{k: v for k, v in c.items() if k != "picture"} for c in driver.execute_script(CARDS)]
    raise SystemExit(f"timed out waiting for {what}: {cards}")


def watch(driver, kaleido, variant, shots):
    match, url = start_match(kaleido, variant)
    try:
        driver.get(url)
        first = wait_for(driver, "two games with moves",
                         lambda cs: len(cs) == 2 and all(c["plies"] >= 2 for c in cs))
        plies0 = {c["number"]: c["plies"] for c in first}
        pictures0 = {c["number"]: c["picture"] for c in first}
        # Moves appear as they are played: later states of the same cards, no reload.
        later = wait_for(driver, "moves played while watching", lambda cs: len(cs) == 2 and all(
            c["plies"] >= plies0.get(c["number"], 99) + 4 or c["result"] for c in cs))
        moved = [c for c in later if c["plies"] > plies0[c["number"]]]
        if not moved or any(c["picture"] == pictures0[c["number"]] for c in moved):
            raise SystemExit(f"{variant}: the boards did not change: {later}")
        for c in later:
            if c["cells"] == 0 or len(c["clocks"]) != 2 or not all(c["clocks"]):
                raise SystemExit(f"{variant}: a card lacks its board or clocks: {c}")
            if not all(c["evals"]):
                raise SystemExit(f"{variant}: a card lacks an engine's score: {c}")
        path = os.path.join(shots, f"live-{variant}.png")
        if all(not c["result"] for c in later):
            driver.save_screenshot(path)
        else:
            path = None
        done = wait_for(driver, "both results", lambda cs: len(cs) == 2 and all(
            c["result"] in ("1-0", "0-1", "1/2-1/2") for c in cs))
        deadline = time.time() + TIMEOUT_S
        while driver.find_element(By.ID, "connection").text != "Match over":
            if time.time() > deadline:
                raise SystemExit(f"{variant}: the page never says the match is over")
            time.sleep(0.05)
        status = driver.find_element(By.ID, "connection").text
        score = driver.find_element(By.ID, "score").text
        if "2/2 games" not in score:
            raise SystemExit(f"{variant}: final standings not shown: {score!r} ({status!r})")
        out, _ = match.communicate(timeout=TIMEOUT_S)
        if match.returncode != 0 or "Finished match: 2 games" not in out:
            raise SystemExit(f"{variant}: the match failed: {match.returncode} {out}")
        results = ", ".join(f"game {c['number']} {c['result']} after {c['plies']} plies"
                            for c in done)
        print(f"{variant}: watched plies {sorted(plies0.values())} -> "
              f"{sorted(c['plies'] for c in later)}, {results}, score '{score}', "
              f"status '{status}', screenshot {path}")
    finally:
        if match.poll() is None:
            match.kill()
            match.wait()


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    kaleido, shots = sys.argv[1], sys.argv[2]
    variants = sys.argv[3:] or VARIANTS
    os.makedirs(shots, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="kaleido-chromium-")
    driver = None
    try:
        driver = start_browser(profile)
        for variant in variants:
            watch(driver, kaleido, variant, shots)
        print(f"watch: {len(variants)} live matches watched")
    finally:
        if driver is not None:
            driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
