#!/usr/bin/env python3
"""A person at the browser: `kaleido serve` played in headless Chromium through Selenium.

Usage: browser.py KALEIDO SCREENSHOT_DIR [VARIANT...]
       browser.py KALEIDO SCREENSHOT_DIR --analyse

For each variant (default: all nine) it opens `/?variant=V`, plays by clicking the board's
`data-cell` elements (a legal move of the page's own list, `data-legal`, chosen at random
with a fixed seed) until the game ends or 40 plies are played, checks that each of its
moves appears in the move list (`data-uci`) and that every engine reply was legal by the
engine's own move list (asked over a second socket from the page), and saves a PNG
screenshot per variant in SCREENSHOT_DIR (the paths are printed).

With --analyse it checks the Analyse mode instead (see `analyse()`): a position link
opens the analysis, MultiPV 3 shows three distinct lines that update in place, the best
line's arrow, a move by drag, stepping back and forth with the arrow keys and the move
list, PGN out, and screenshots of chess and Xiangqi at 1280x800 and at phone width.

Exit status 3 with a `SKIP:` line when selenium, chromium or chromedriver is missing.
"""

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager

from chromium import By, WebDriverWait, address_in, start_browser

VARIANTS = ["chess", "fischerandom", "xiangqi", "alice", "alice2", "msalice",
            "smallalice", "raumschach", "raumschach4"]
MAX_PLIES = 40
MOVETIME_MS = 100
TIMEOUT_S = 60



def start_server(kaleido):
    proc = subprocess.Popen([kaleido, "serve", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    return proc, address_in(proc, proc.stdout.readline(), "kaleido serve")


@contextmanager
def browser_session(kaleido):
    """`kaleido serve` and headless Chromium at 1280x800: yields (driver, url); both are
    stopped after. Skips when the browser cannot start here."""
    server, url = start_server(kaleido)
    profile = tempfile.mkdtemp(prefix="kaleido-chromium-")
    driver = None
    try:
        driver = start_browser(profile)
        driver.set_script_timeout(TIMEOUT_S)
        yield driver, url
    finally:
        if driver is not None:
            driver.quit()
        server.kill()
        server.wait()
        shutil.rmtree(profile, ignore_errors=True)


def board_state(driver):
    return driver.execute_script(
        "const b = document.getElementById('board');"
        "return b.dataset.plies === undefined ? null : Object.assign({}, b.dataset);")


def wait_for(driver, what, predicate):
    try:
        def ready(d):
            state = board_state(d)
            return state if predicate(state) else None
        return WebDriverWait(driver, TIMEOUT_S, poll_frequency=0.05).until(ready)
    except Exception as e:
        status = driver.find_element(By.ID, "status").text
        raise SystemExit(f"timed out waiting for {what}: status '{status}', "
                         f"board {board_state(driver)}") from e


def cell_names(driver):
    """The names of the picture's cells, in one round trip."""
    return set(driver.execute_script(
        "return [...document.querySelectorAll('#board [data-cell]')].map(e => e.dataset.cell);"))


def idle(state):
    """The page shows a position where the visitor may move, or the end of the game."""
    return state and state["thinking"] == "0" and (
        state["over"] == "1" or state["turn"] == state["visitor"])


def split_move(uci, names):
    """Two cell names of the board, longest first, and what follows (a promotion)."""
    def cell(text):
        for n in range(min(len(text), 3), 0, -1):
            if text[:n] in names:
                return text[:n], text[n:]
        return None, text
    src, rest = cell(uci)
    dst, rest = cell(rest)
    if src is None or dst is None:
        raise SystemExit(f"move {uci} does not name two cells of the picture")
    return src, dst, rest


def play_plies(driver, variant, rng):
    """Plays the visitor's moves by clicks; returns the engine's replies to check."""
    checks = []
    state = wait_for(driver, "the first position", idle)
    while state["over"] == "0" and int(state["plies"]) < MAX_PLIES:
        legal = state["legal"].split()
        plies = int(state["plies"])
        mv = rng.choice(legal)
        src, dst, promotion = split_move(mv, cell_names(driver))
        driver.find_element(By.CSS_SELECTOR, f'#board [data-cell="{src}"]').click()
        # The page selects the cell the piece stands on (Alice's boards share names).
        chosen = driver.find_element(By.CSS_SELECTOR, "#board [data-selected]")
        if chosen.get_attribute("data-cell") != src:
            raise SystemExit(f"{variant}: clicked {src}, the page selected "
                             f"{chosen.get_attribute('data-cell')}")
        targets = [c for c in driver.find_elements(By.CSS_SELECTOR, f'#board [data-cell="{dst}"]')
                   if c != chosen]
        if not targets:
            raise SystemExit(f"{variant}: no cell {dst} to click for {mv}")
        targets[0].click()
        if promotion:
            button = WebDriverWait(driver, TIMEOUT_S).until(
                lambda d: d.find_element(By.CSS_SELECTOR, f'#promotion button[data-uci="{mv}"]'))
            button.click()
        state = wait_for(driver, f"{mv} to be played",
                         lambda s: s and int(s["plies"]) > plies)
        state = wait_for(driver, "the engine's reply", idle)
        played = driver.execute_script(
            "return [...document.querySelectorAll('#moves .ply[data-uci]')].map(e => e.dataset.uci);")
        if played[plies] != mv:
            raise SystemExit(f"{variant}: clicked {mv}, the move list shows {played[plies]}")
        if len(played) > plies + 1:
            checks.append((played[:plies + 1], played[plies + 1]))
        print(f"{variant}: ply {plies + 1} {mv}"
              + (f", engine {played[plies + 1]}" if len(played) > plies + 1 else ""))
    return checks, state


# Asks the engine, over a socket of its own from the page, for the legal moves before each
# engine reply: the reply must be one of them.
CHECK_SCRIPT = """
const [variant, startFen, checks, done] = arguments;
const ws = new WebSocket(`ws://${location.host}/ws`);
const results = [];
let i = 0;
const next = () => {
  if (i >= checks.length) { ws.close(); done(results); return; }
  ws.send(JSON.stringify({ type: 'new', variant, fen: startFen, moves: checks[i][0] }));
};
ws.onmessage = (e) => {
  const m = JSON.parse(e.data);
  if (m.type === 'hello') { next(); return; }
  if (m.type === 'error') { results.push([checks[i][1], false, m.message]); i++; next(); return; }
  if (m.type !== 'position') return;
  const legal = m.legal.map((x) => x.uci);
  results.push([checks[i][1], legal.includes(checks[i][1]), legal.length]);
  i++;
  next();
};
ws.onerror = () => done([['socket', false, 'error']]);
"""


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    kaleido, shots = sys.argv[1], sys.argv[2]
    if sys.argv[3:] == ["--analyse"]:
        return run_analyse(kaleido, shots)
    variants = sys.argv[3:] or VARIANTS
    os.makedirs(shots, exist_ok=True)
    with browser_session(kaleido) as (driver, url):
        for variant in variants:
            rng = random.Random(f"kaleido-{variant}")
            driver.get(f"{url}?variant={variant}&movetime={MOVETIME_MS}")
            checks, state = play_plies(driver, variant, rng)
            results = driver.execute_async_script(
                CHECK_SCRIPT, variant, state["startFen"], [[m, r] for m, r in checks])
            bad = [r for r in results if not r[1]]
            if bad or len(results) != len(checks):
                raise SystemExit(f"{variant}: engine replies not legal: {bad} ({results})")
            if state["over"] == "0" and state["legal"]:
                # Show a selected piece with its targets marked in the picture.
                src = split_move(state["legal"].split()[0], cell_names(driver))[0]
                driver.find_element(By.CSS_SELECTOR, f'#board [data-cell="{src}"]').click()
                time.sleep(0.1)
            marks = len(driver.find_elements(By.CSS_SELECTOR, "#board .mark-target"))
            path = os.path.join(shots, f"{variant}.png")
            driver.save_screenshot(path)
            status = driver.find_element(By.ID, "status").text
            print(f"{variant}: {state['plies']} plies, {len(checks)} engine replies legal, "
                  f"{marks} targets marked, status '{status}', screenshot {path}")
        print(f"browser: {len(variants)} variants played")


def lines_state(driver):
    """The analysis rows shown: (multipv, depth, pv) each, and the stats' depth."""
    return driver.execute_script("""
        const rows = [...document.querySelectorAll('#analysis .line')].filter(r => !r.hidden);
        return {
          lines: rows.map(r => [r.dataset.multipv, Number(r.dataset.depth || 0), r.dataset.pv || '']),
          depth: Number(document.querySelector('#analysis .stats').dataset.depth || 0),
          arrow: document.querySelector('#board .arrow')?.dataset.uci || null,
        };""")


def wait_lines(driver, what, predicate):
    try:
        return WebDriverWait(driver, TIMEOUT_S, poll_frequency=0.05).until(
            lambda d: (lambda s: s if predicate(s) else None)(lines_state(d)))
    except Exception as e:
        raise SystemExit(f"timed out waiting for {what}: {lines_state(driver)}") from e


def three_distinct(state):
    lines = state["lines"]
    firsts = {pv.split()[0] for _, _, pv in lines if pv}
    return len(lines) == 3 and all(pv for _, _, pv in lines) and len(firsts) == 3


def cell_element(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f'#board [data-cell="{name}"]')


def drag(driver, src, dst):
    """Presses on cell `src`, moves the pointer in steps to `dst` and lets go."""
    from selenium.webdriver.common.action_chains import ActionChains
    a, b = cell_element(driver, src), cell_element(driver, dst)
    chain = ActionChains(driver, duration=50).click_and_hold(a)
    ax, ay = a.rect["x"] + a.rect["width"] / 2, a.rect["y"] + a.rect["height"] / 2
    bx, by = b.rect["x"] + b.rect["width"] / 2, b.rect["y"] + b.rect["height"] / 2
    for step in range(1, 6):
        chain.move_by_offset((bx - ax) / 5, (by - ay) / 5)
    chain.release().perform()


def analyse_variant(driver, url, variant, start_fen, first_move, shots):
    """Opens the position link of `variant`, checks the MultiPV 3 lines and the arrow, plays
    `first_move` by drag, steps through the line, saves a screenshot; returns its path."""
    from urllib.parse import urlencode
    driver.get(f"{url}?{urlencode({'variant': variant, 'fen': start_fen, 'multipv': 3})}")
    wait_for(driver, "the analysis", lambda s: s and s["mode"] == "analyse" and s["analysing"] == "1")
    first = wait_lines(driver, "three distinct lines", three_distinct)
    # The rows are updated in place: the same elements, deeper lines.
    driver.execute_script("window.kaleidoRows = [...document.querySelectorAll('#analysis .line')];")
    later = wait_lines(driver, "the lines to deepen",
                       lambda s: three_distinct(s) and s["depth"] >= first["depth"] + 2)
    same = driver.execute_script(
        "return [...document.querySelectorAll('#analysis .line')].every((r, i) => r === window.kaleidoRows[i]);")
    if not same:
        raise SystemExit(f"{variant}: the analysis rows were replaced, not updated")
    wait_lines(driver, "the arrow of the best line",
               lambda s: s["arrow"] and s["lines"][0][2].split()[0] == s["arrow"])
    print(f"{variant}: MultiPV 3 lines {[pv.split()[0] for _, _, pv in first['lines']]} at depth "
          f"{first['depth']}, then {[pv.split()[0] for _, _, pv in later['lines']]} at depth {later['depth']}")
    src, dst, _ = split_move(first_move, cell_names(driver))
    drag(driver, src, dst)
    wait_for(driver, f"{first_move} played by drag", lambda s: s and s["plies"] == "1")
    played = driver.execute_script(
        "return [...document.querySelectorAll('#moves .ply[data-uci]')].map(e => e.dataset.uci);")
    if played != [first_move]:
        raise SystemExit(f"{variant}: dragged {first_move}, the move list shows {played}")
    body = driver.find_element(By.TAG_NAME, "body")
    from selenium.webdriver.common.keys import Keys
    body.send_keys(Keys.ARROW_LEFT)
    wait_for(driver, "the start again (left arrow)", lambda s: s and s["plies"] == "0" and s["lineLength"] == "1")
    body.send_keys(Keys.ARROW_RIGHT)
    wait_for(driver, "the move again (right arrow)", lambda s: s and s["plies"] == "1")
    driver.find_element(By.CSS_SELECTOR, f'#moves .ply[data-uci="{first_move}"]').click()
    wait_lines(driver, "three lines after the move", three_distinct)
    time.sleep(1.5)
    path = os.path.join(shots, f"analyse-{variant}.png")
    driver.save_screenshot(path)
    print(f"{variant}: dragged {first_move}, stepped back and forth, screenshot {path}")
    return path


def run_analyse(kaleido, shots):
    os.makedirs(shots, exist_ok=True)
    with browser_session(kaleido) as (driver, url):
        analyse_variant(driver, url, "chess",
                        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4", shots)
        # PGN out, from the panel.
        driver.find_element(By.CSS_SELECTOR, "#io summary").click()
        driver.find_element(By.ID, "show-pgn").click()
        WebDriverWait(driver, TIMEOUT_S).until(
            lambda d: "1. e4 *" in d.find_element(By.ID, "pgn").get_attribute("value"))
        print("chess: PGN out shows 1. e4")
        driver.find_element(By.CSS_SELECTOR, "#io summary").click()
        analyse_variant(driver, url, "xiangqi",
                        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                        "h3e3", shots)
        # The same at phone width.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        driver.refresh()
        wait_lines(driver, "three lines at phone width", three_distinct)
        time.sleep(1.0)
        path = os.path.join(shots, "analyse-xiangqi-phone.png")
        driver.save_screenshot(path)
        print(f"xiangqi: phone width, screenshot {path}")
        print("browser: analysis checked")


if __name__ == "__main__":
    main()
