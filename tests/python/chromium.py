"""Headless Chromium for the browser tests (browser.py, watch.py): Selenium and the system's
chromium + chromedriver found, or the test's visible SKIP (exit status 3); a browser at a
page size of 1280x800; the address a kaleido server prints. Knows no page of kaleido's."""

import os
import shutil
import sys

EXIT_SKIP = 3


def skip(why):
    print(f"SKIP: {why}")
    sys.exit(EXIT_SKIP)


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    skip("selenium is not installed (python3 -m pip install selenium)")

CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if not os.access(CHROMEDRIVER, os.X_OK):
    skip(f"no {CHROMEDRIVER} (apt-get install chromium-driver)")
if CHROMIUM is None:
    skip("no chromium (apt-get install chromium)")


def start_browser(profile):
    """Headless Chromium with its profile in `profile`; skips when it cannot start here."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                f"--user-data-dir={profile}", "--window-size=1280,800"]:
        options.add_argument(arg)
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    except Exception as e:  # a browser that cannot start here is a missing program
        skip(f"chromium does not start headless here: {str(e).splitlines()[0]}")
    # The page's own size, 1280x800, whatever room the window's frame takes.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    return driver


def address_in(proc, line, what):
    """The http:// address in `line` (a server's first line), or the process killed and
    the script ended naming `what`."""
    if "http://" not in line:
        proc.kill()
        raise SystemExit(f"{what} printed no address: {line!r}")
    return line[line.index("http://"):].split()[0]
