"""What the browser tests share: headless Chromium through Selenium at a given size, the ok/FAIL
lines, and the checks every page must pass (nothing loaded from another origin, no
Content-Security-Policy violation, axe-core with no serious or critical violation)."""

import base64
import json
import os
import sys

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what, flush=True)
    if not condition:
        failures.append(what)
    return condition


def browser(width=390, height=844, phone=True):
    """Chromium at `width` x `height`: a phone's viewport (touch, 3x pixels) when `phone`, else a desk's window."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}",
                     "--no-first-run", "--disable-background-networking", "--disable-component-update",
                     "--disable-default-apps", "--disable-sync", "--lang=en-GB"):
        options.add_argument(argument)
    if phone:
        # A phone's viewport, not a desktop window squeezed to its width.
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 3}})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
    driver.execute_cdp_cmd("Network.enable", {})
    return driver


def requests_and_violations(driver):
    """Every URL the browser asked for since the last call, and the console's CSP complaints."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    complaints = [entry["message"] for entry in driver.get_log("browser")
                  if "Content Security Policy" in entry["message"] or "Refused to" in entry["message"]]
    return urls, complaints


def same_origin_only(driver, base, page):
    """Checks that every request since the last call went to `base`, and that no CSP rule was broken."""
    urls, complaints = requests_and_violations(driver)
    # A data: URL is no request to anyone: Chromium draws a date field's calendar icon with one.
    foreign = [url for url in urls if not url.startswith((base + "/", "data:"))]
    check(urls and not foreign, f"{page}: every request went to this server ({len(urls)} requests; foreign: {foreign})")
    check(not complaints, f"{page}: no Content-Security-Policy violation ({complaints})")


def accessible(driver, out, page):
    """axe-core over the page as it is; its results go to OUT/axe-PAGE.json."""
    axe = Axe(driver)
    axe.inject()
    # The axe-core that axe-selenium-python 2.1.6 carries (3.1.1) predates HTML allowing
    # autocomplete="username" on an email field, which sign-in forms use for password managers;
    # axe-core 4.3 allows it (dequelabs/axe-core#2727): give the older one the newer one's rule.
    driver.execute_script('axe.configure({checks: [{id: "autocomplete-appropriate", options: {username: ["text", "search", "email"]}}]})')
    results = axe.run()
    with open(os.path.join(out, f"axe-{page}.json"), "w") as file:
        json.dump(results, file, indent=2)
    bad = [f"{v['id']} ({v['impact']}: {', '.join(str(node['target'][-1]) for node in v['nodes'][:3])})"
           for v in results["violations"] if v["impact"] in ("serious", "critical")]
    check(not bad, f"{page}: axe-core finds no serious or critical violation ({bad})")


def full_screenshot(driver, path):
    """The whole page, not only what the window shows, as a PNG at `path`."""
    width, height = driver.execute_script(
        "return [document.documentElement.clientWidth, Math.max(document.documentElement.scrollHeight, window.innerHeight)]")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True, "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
    with open(path, "wb") as file:
        file.write(base64.b64decode(shot["data"]))


def finish(out):
    """The last line, and the exit status: non-zero when any check failed."""
    print(f"screenshots and axe results in {out}")
    if failures:
        sys.exit(f"{len(failures)} check(s) failed")
