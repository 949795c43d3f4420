"""The host's console in a real browser: headless Chromium through Selenium, at a phone's size
(390x844) and at a desk's (1280x900), each with fresh accounts.

Usage: console.py BASE_URL HUB_URL OPERATOR_EMAIL OUT_DIR

Makes, through the API, a host with a couch in São Paulo (another time zone than this machine's)
whose keypad lock and cooler live in the simulated hub (the cooler driven by a weather watcher): a guest's booking, a channel's calendar (published
in the simulator) with one stay that fits and one that overlaps the booking, requests to book
switched on and a request for tonight, and a webhook to a receiver of this script's. Then, as the
host in the browser: opens /console and is sent to sign in (a wrong password first); sees the
couch on Today; reads the calendar month by month (the request, the booking, the channel's stay
by its feed's name, the conflicting night); accepts the request with its button and lands on the
calendar with a notice and the nights booked; opens the stay from the grid and watches its code
reach the lock (running the door-codes job as the operator OPERATOR_EMAIL, registered if
stay_page.py did not); makes a guest link (it opens), revokes it (it no longer does); sees the
refund a cancellation would give; on the couch's home page sees the cooler switched by an app show
live, without a reload, and switches it back with the page's button; runs the weather job and sees
the energy plot with its thresholds and the table behind it; sees the webhook's deliveries, sends one again and switches the
webhook off; signs out and goes Back, which must show no console page. Every page must fit the
width with its header holding the menu, load nothing from another origin, break no
Content-Security-Policy rule, and pass axe-core with no serious or critical violation; at the
phone's size every button, field and menu link must be at least 44 px tall. Whole-page
screenshots go to OUT_DIR/console-PAGE-WIDTH.png, axe results to OUT_DIR/axe-console-PAGE-WIDTH.json.
The server must let webhooks reach this machine (OUTBOUND_ALLOW_PRIVATE with webhook).
"""

import http.server
import os
import sys
import threading
import time
import traceback
import urllib.error
import urllib.request
from datetime import datetime, timedelta
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from api import caller
from browser import accessible, browser, check, finish, full_screenshot, same_origin_only
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BASE, HUB, OPERATOR, OUT = sys.argv[1:5]
call = caller(BASE)
PASSWORD = "browser test password"
ZONE = "America/Sao_Paulo"
COUCH = "Casa Azul"
HOST, BOOKER, REQUESTER = "Hana Host", "Bea Booker", "Rui Requester"
FEED = "Airbnb"
COOLERS = {390: "sim:airconditioner:bedroom", 1280: "sim:smartplug:kitchen"}
# The sizes the journey runs at (width, height, whether a phone's viewport), and the code slots each
# run's couch takes on the simulator's garden keypad (stay_page.py has the entrance's).
SIZES = ((390, 844, True, (5, 9)), (1280, 900, False, (10, 14)))
# How long a state the server reaches in the background (a code on the lock, a webhook delivered) may take.
PATIENCE = 90


def register(email, name):
    return call("POST", "/auth/register", {"email": email, "password": PASSWORD, "name": name})["accessToken"]


def operator_token():
    """The operator's token: stay_page.py registers the operator; alone, this script does."""
    try:
        return call("POST", "/auth/login", {"email": OPERATOR, "password": PASSWORD})["accessToken"]
    except SystemExit:
        return register(OPERATOR, "Olga Operator")


class Receiver(http.server.BaseHTTPRequestHandler):
    """A webhook endpoint that takes every delivery."""
    received = []

    def do_POST(self):
        Receiver.received.append(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *_):
        pass


def receiver():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/smartcouch"


def publish(name, events):
    """Serves a channel's iCalendar feed from the simulator at HUB/_sim/calendars/NAME.ics."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN"]
    for uid, first, last, summary in events:
        lines += ["BEGIN:VEVENT", f"UID:{uid}", f"DTSTART;VALUE=DATE:{first:%Y%m%d}", f"DTEND;VALUE=DATE:{last:%Y%m%d}",
                  f"SUMMARY:{summary}", "END:VEVENT"]
    body = ("\r\n".join(lines + ["END:VCALENDAR"]) + "\r\n").encode()
    request = urllib.request.Request(f"{HUB}/_sim/calendars/{name}", data=body, method="PUT")
    with urllib.request.urlopen(request, timeout=30) as response:
        if response.status != 204:
            sys.exit(f"the simulator did not take the calendar {name}: {response.status}")
    return f"{HUB}/_sim/calendars/{name}.ics"


def status_of(url):
    """The status a plain GET of `url` answers."""
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


class World:
    """What the API makes for one run: the host's couch, its stays and feed, a webhook."""

    def __init__(self, width, slots, hook):
        self.email = f"console-host-{width}@browser.test"
        self.host = register(self.email, HOST)
        booker = register(f"console-booker-{width}@browser.test", BOOKER)
        requester = register(f"console-requester-{width}@browser.test", REQUESTER)
        self.couch = call("POST", "/couches", {
            "name": COUCH, "address": "Rua Augusta 1500", "city": "São Paulo", "country": "BR", "maxGuests": 2,
            "latitude": -23.5558, "longitude": -46.6622, "timeZone": ZONE,
            # From midnight at the couch, so the stay that begins today there is under way whenever this runs.
            "checkInTime": "00:00", "checkOutTime": "10:00", "nightlyPrice": "100.00", "currency": "BRL",
        }, self.host)["id"]
        call("PUT", f"/home/hub/{self.couch}", {"baseUrl": HUB, "apiToken": "oh.simulator.admin"}, self.host)
        thing = "sim:keypadlock:garden"
        call("POST", "/home/items", {
            "couchId": self.couch, "name": "Garden gate", "type": "lock", "thingUID": thing,
            "properties": [{"channelUID": f"{thing}:lock"}], "codeSlots": {"first": slots[0], "last": slots[1]},
        }, self.host)
        # A cooler the weather job drives (each size its own Thing: a Thing serves one couch).
        cooler = COOLERS[width]
        self.cooler = call("POST", "/home/items", {
            "couchId": self.couch, "name": "Cooler", "type": "cooling", "thingUID": cooler,
            "properties": [{"channelUID": f"{cooler}:power", "initialState": "OFF"}],
        }, self.host)
        watcher = call("POST", "/home/items", {"couchId": self.couch, "name": "Weather", "type": "weatherWatcher", "properties": []}, self.host)
        call("PUT", f"/home/watchers/{watcher['id']}", {
            "heatOnBelow": 16, "heatOffAbove": 18, "coolOnAbove": 26, "coolOffBelow": 24, "coolingConfigurationId": self.cooler["id"],
        }, self.host)
        self.webhook = call("POST", "/webhooks", {"url": hook, "types": ["reservation.created", "reservation.changed", "code.active"]},
                            self.host)["id"]
        self.today = datetime.now(ZoneInfo(ZONE)).date()
        self.day = lambda offset: self.today + timedelta(days=offset)
        self.booking = call("POST", "/reservations", {
            "couchId": self.couch, "checkIn": self.day(5).isoformat(), "checkOut": self.day(8).isoformat(), "guests": 1,
        }, booker)["id"]
        # One stay of the channel's fits; the other wants a night the booking has.
        feed = publish(f"console-{width}", [("fits@airbnb.com", self.day(10), self.day(12), "Reserved"),
                                            ("overlaps@airbnb.com", self.day(7), self.day(9), "Reserved")])
        synced = call("POST", f"/couches/{self.couch}/calendars", {"url": feed, "name": FEED}, self.host)
        if synced.get("conflicts") != 1 or synced.get("stays") != 1:
            sys.exit(f"the channel's calendar did not sync as planned: {synced}")
        call("PUT", f"/couches/{self.couch}/rules", {"instantBook": False, "requestExpiryHours": 24}, self.host)
        request = call("POST", "/reservations", {
            "couchId": self.couch, "checkIn": self.day(0).isoformat(), "checkOut": self.day(2).isoformat(), "guests": 1,
        }, requester)
        if request["status"] != "requested":
            sys.exit(f"a booking of a couch without instant booking is not a request: {request['status']}")
        self.request = request["id"]
        # What the calendar must show, night by night: (night, holder kind, its text contains, links to).
        self.nights = [(self.day(0), "request", REQUESTER, self.request), (self.day(1), "request", REQUESTER, self.request)]
        self.nights += [(self.day(n), "booking", BOOKER, self.booking) for n in (5, 6, 7)]
        self.nights += [(self.day(n), "channel", FEED, None) for n in (10, 11)]
        self.nights += [(self.day(7), "conflict", f"Conflict: {FEED}", None)]


class Journey:
    def __init__(self, width, height, phone, slots, operator, hook):
        self.width, self.height, self.phone = width, height, phone
        self.operator = operator
        self.world = World(width, slots, hook)
        self.driver = browser(width, height, phone)

    # What every page must be.

    def page(self, name):
        driver = self.driver
        label = f"{name} at {self.width} px"
        inner, scroll = driver.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
        check(inner == self.width and scroll <= inner,
              f"{label}: fits without sideways scrolling ({scroll} px in a {inner} px viewport)")
        if self.phone:
            small = driver.execute_script("""
                return [...document.querySelectorAll('button, input:not([type=hidden]), a.tap')]
                    .filter(e => e.getClientRects().length && !e.closest('.skip'))
                    .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect().height])
                    .filter(([, height]) => height < 44)""")
            check(not small, f"{label}: every button, field and menu link is at least 44 px tall ({small})")
        header = driver.execute_script("""
            const bar = document.querySelector('header'), main = document.querySelector('main');
            if (!bar) return null;
            const bottom = bar.getBoundingClientRect().bottom, top = main.getBoundingClientRect().top;
            const spilt = [...bar.querySelectorAll('a, button')].filter(e => e.getClientRects().length && !e.closest('.skip'))
                .filter(e => e.getBoundingClientRect().bottom > Math.min(bottom, top) + 1)
                .map(e => `${e.textContent.trim()} to ${Math.round(e.getBoundingClientRect().bottom)} px`);
            return [bottom, top, spilt]""")
        if header:
            bottom, top, spilt = header
            check(not spilt, f"{label}: the header holds its menu and Sign out, above the page "
                             f"(the header ends at {bottom:.0f} px, the page starts at {top:.0f} px; reaching below: {spilt})")
        same_origin_only(driver, BASE, label)
        accessible(driver, OUT, f"console-{name}-{self.width}")
        full_screenshot(driver, os.path.join(OUT, f"console-{name}-{self.width}.png"))

    # Helpers.

    def at(self, path):
        return self.driver.current_url == BASE + path

    def wait(self, condition, seconds=15):
        try:
            return WebDriverWait(self.driver, seconds).until(lambda driver: condition())
        except TimeoutException:
            return None

    def submit(self, button):
        """Clicks a link, or a form's button, and waits for the page it leads to (a form's, through its 303)."""
        old = self.driver.find_element(By.TAG_NAME, "html")
        button.click()
        self.wait(lambda: self.stale(old))

    def stale(self, element):
        """Whether the element's document is gone: Chromium says so in either of two ways."""
        try:
            element.tag_name
            return False
        except (StaleElementReferenceException, WebDriverException):
            return True

    def notice(self):
        found = self.driver.find_elements(By.ID, "notice")
        return found[0].text if found else None

    def button(self, text, within=None):
        return (within or self.driver).find_element(By.XPATH, f".//button[normalize-space()='{text}']")

    def menu(self, text):
        return self.driver.find_element(By.CSS_SELECTOR, "header nav").find_element(By.XPATH, f".//a[normalize-space()='{text}']")

    def holders(self, night, kind):
        return self.driver.find_elements(By.CSS_SELECTOR, f"td#night-{night.isoformat()} .holder-{kind}")

    # The journey.

    def run(self):
        try:
            self.sign_in()
            self.today_page()
            self.calendar()
            self.stay()
            self.home()
            self.energy()
            self.webhooks()
            self.sign_out()
        finally:
            self.driver.quit()

    def sign_in(self):
        driver, w = self.driver, self.width
        driver.get(BASE + "/console")
        check(urlsplit(driver.current_url).path == "/console/login" and "next=" in driver.current_url,
              f"/console sends a browser without a session to sign in ({driver.current_url})")
        check(driver.find_element(By.TAG_NAME, "h1").text == "Sign in to your host's console", "the sign-in page says what it is")
        self.page("sign-in")
        driver.find_element(By.ID, "email").send_keys(self.world.email)
        driver.find_element(By.ID, "password").send_keys("not the password")
        self.submit(self.button("Sign in"))
        error = driver.find_elements(By.ID, "login-error")
        check(error and error[0].text == "Wrong email or password.", f"a wrong password is told ({error[0].text if error else None})")
        check(not driver.get_cookie("console"), "a wrong password gets no session cookie")
        self.page("sign-in-wrong")
        driver.find_element(By.ID, "email").clear()
        driver.find_element(By.ID, "email").send_keys(self.world.email)
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        self.submit(self.button("Sign in"))
        check(self.at("/console"), f"signing in leads to the console's first page ({driver.current_url})")
        cookie = driver.get_cookie("console") or {}
        check(cookie.get("httpOnly") and cookie.get("path") == "/console" and cookie.get("sameSite") == "Lax",
              f"the session cookie is HttpOnly, for /console only, SameSite=Lax ({w} px: {cookie})")

    def conflicts_of(self, first):
        """A month lists the conflicts with a night in it, and only those."""
        conflicts = self.driver.find_elements(By.CSS_SELECTOR, "section[aria-labelledby=conflicts] li")
        due = [n for n, kind, *_ in self.world.nights if kind == "conflict" and (n.year, n.month) == (first.year, first.month)]
        check(len(conflicts) == len(due) and all(c.text.startswith(f"{FEED}: ") and "overlaps nights already taken" in c.text for c in conflicts),
              f"{first:%Y-%m} lists its conflicts ({[c.text for c in conflicts]})")

    def today_page(self):
        driver = self.driver
        cards = driver.find_elements(By.CSS_SELECTOR, ".card")
        check(len(cards) == 1 and cards[0].find_element(By.TAG_NAME, "h2").text == COUCH, f"Today shows the couch's card ({len(cards)} cards)")
        text = cards[0].text if cards else ""
        check(f"{REQUESTER}, " in text and "answer by" in text, "Today lists the request waiting for an answer")
        check("One channel stay could not have its nights" in text, "Today warns of the channel's conflict")
        self.page("today")

    def calendar(self):
        driver, world = self.driver, self.world
        self.submit(self.menu(COUCH))
        month = world.today.strftime("%Y-%m")
        path = f"/console/couches/{world.couch}/calendar"
        check(self.at(path), f"the menu leads to the couch's calendar ({driver.current_url})")
        check(driver.find_element(By.ID, "month").text == world.today.strftime("%B %Y"),
              f"it shows the couch's current month ({driver.find_element(By.ID, 'month').text})")
        self.nights_of(world.today)
        self.conflicts_of(world.today)
        self.page("calendar")

        later = sorted({night.strftime("%Y-%m") for night, *_ in world.nights} - {month})
        for shown in later:
            self.submit(driver.find_element(By.CSS_SELECTOR, "a[rel=next]"))
            check(self.at(f"{path}?month={shown}"), f"Next month leads to {shown} ({driver.current_url})")
            self.nights_of(datetime.strptime(shown + "-01", "%Y-%m-%d").date())
            self.conflicts_of(datetime.strptime(shown + "-01", "%Y-%m-%d").date())
            self.page("calendar-next")
        for _ in later:
            self.submit(driver.find_element(By.CSS_SELECTOR, "a[rel=prev]"))
        if later:
            check(self.at(f"{path}?month={month}"), f"Previous month leads back to {month} ({driver.current_url})")

        lines = driver.find_elements(By.CSS_SELECTOR, "section[aria-labelledby=requests] li")
        check(len(lines) == 1 and lines[0].text.startswith(f"{REQUESTER}, "), f"the request waits for an answer ({[l.text for l in lines]})")
        self.submit(self.button("Accept", lines[0]))
        check(self.at(f"{path}?month={month}"), f"accepting leads back to the calendar's month ({driver.current_url})")
        check(self.notice() == "Request accepted: it is now a booking.", f"the page says the request is accepted ({self.notice()})")
        for night in (world.day(0), world.day(1)):
            if night.strftime("%Y-%m") != month:
                continue
            booked = self.holders(night, "booking")
            check(booked and booked[0].text == REQUESTER and not self.holders(night, "request"),
                  f"{night} is now booked by {REQUESTER} ({[h.text for h in booked]})")
        check(driver.find_element(By.CSS_SELECTOR, "section[aria-labelledby=requests] p").text == "No request is waiting for your answer.",
              "no request waits any more")
        self.page("calendar-accepted")
        driver.refresh()
        check(self.notice() is None, "after Reload the notice is gone")

    def nights_of(self, first):
        """Checks the nights of the month that begins on `first` that the calendar must show."""
        driver = self.driver
        for night, kind, text, stay in self.world.nights:
            if (night.year, night.month) != (first.year, first.month):
                continue
            found = self.holders(night, kind)
            shown = [holder.text for holder in found]
            check(len(found) == 1 and text in shown[0], f"{night} holds a {kind} holder with '{text}' ({shown})")
            if stay:
                link = found[0].get_attribute("href") if found else None
                check(link == f"{BASE}/console/stays/{stay}", f"{night}'s holder links to its stay ({link})")
            if kind == "conflict":
                classes = driver.find_element(By.ID, f"night-{night.isoformat()}").get_attribute("class").split()
                check("conflict" in classes, f"{night} is marked as a conflicting night ({classes})")
        marked = [td.get_attribute("id") for td in driver.find_elements(By.CSS_SELECTOR, "td.conflict")]
        expected = [f"night-{night.isoformat()}" for night, kind, *_ in self.world.nights
                    if kind == "conflict" and (night.year, night.month) == (first.year, first.month)]
        check(marked == expected, f"only the conflicting night is marked in {first:%Y-%m} ({marked})")

    def stay(self):
        driver, world = self.driver, self.world
        self.submit(self.holders(world.day(0), "booking")[0])
        path = f"/console/stays/{world.request}"
        check(self.at(path), f"the holder opens the stay's page ({driver.current_url})")
        check(driver.find_element(By.TAG_NAME, "h1").text == f"{REQUESTER} at {COUCH}", "the stay's page says whose stay it is")
        facts = dict(zip([e.text for e in driver.find_elements(By.CSS_SELECTOR, ".facts dt")],
                         [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".facts dd")]))
        check(facts.get("Status") == "Confirmed" and facts.get("Stay") == "In progress", f"the stay is confirmed and under way ({facts})")

        deadline = time.monotonic() + PATIENCE
        active = []
        while time.monotonic() < deadline:
            try:
                call("POST", "/jobs/door-codes/run", token=self.operator)
            except SystemExit:
                pass  # a scheduled run under way answers 409; the next try waits for it
            driver.refresh()
            active = driver.find_elements(By.CSS_SELECTOR, ".code-line [data-state=active]")
            if active:
                break
            time.sleep(1)
        check(len(active) == 1 and active[0].text == "On the lock", f"the stay's code goes on the lock ({[a.text for a in active]})")
        self.code = driver.find_element(By.CSS_SELECTOR, ".code-line .pin-small").text if active else None
        check(self.code and self.code.isdigit(), f"the code is shown ({self.code})")
        self.page("stay")

        self.submit(self.button("Make a new link"))
        check(self.at(path), f"making a link leads back to the stay ({driver.current_url})")
        check(self.notice() == "A new link is made; the previous one no longer works.", f"the page says a link is made ({self.notice()})")
        made = driver.find_elements(By.ID, "made-link")
        url = made[0].get_attribute("value") if made else ""
        check(url.startswith(BASE + "/stays/") and made[0].get_attribute("readonly") is not None,
              f"the new link is shown, read-only, whole ({url})")
        check(status_of(url) == 200, "the new link opens the guest's page")
        self.page("stay-link")
        driver.refresh()
        check(not driver.find_elements(By.ID, "made-link"), "after Reload the link is no longer shown")

        self.submit(self.button("Revoke the link"))
        check(self.notice() == "The link no longer works.", f"the page says the link is revoked ({self.notice()})")
        check(status_of(url) == 404, f"the revoked link answers 404 ({status_of(url)})")

        self.submit(driver.find_element(By.PARTIAL_LINK_TEXT, "Cancel the stay"))
        check(self.at(path + "/cancel"), f"Cancel the stay asks first ({driver.current_url})")
        refund = driver.find_element(By.ID, "refund").text
        check(refund.startswith("The guest gets back ") and refund.endswith("200.00."), f"the confirmation shows the refund ({refund})")
        self.page("cancel")
        self.submit(driver.find_element(By.LINK_TEXT, "No, go back"))
        check(self.at(path), f"No, go back leads to the stay ({driver.current_url})")
        listed = call("GET", f"/reservations/{world.couch}", token=world.host)
        status = next((stay["status"] for stay in listed if stay["id"] == world.request), None)
        check(status == "confirmed", f"looking at the refund cancelled nothing ({status})")

    def home(self):
        driver, world = self.driver, self.world
        driver.get(f"{BASE}/console/couches/{world.couch}/home")
        check(driver.find_element(By.TAG_NAME, "h1").text == f"{COUCH}: Home", "the couch's home page opens")
        item = world.cooler["mainItemId"]
        state = lambda: driver.find_element(By.CSS_SELECTOR, f"[data-item='value-{item}']").text
        check(state() == "OFF", f"the cooler is off ({state()})")
        self.page("home")
        # Switched elsewhere (an app, the hub), the page shows it without a reload.
        page = driver.find_element(By.TAG_NAME, "html")
        call("POST", f"/home/switch/{item}", token=world.host)
        changed = self.wait(lambda: state() == "ON", PATIENCE)
        check(changed and not self.stale(page), f"the cooler switched by an app shows ON live, without a reload ({state()})")
        # Switched from the page: Post/Redirect/Get, and the page says what the device did.
        self.submit(driver.find_element(By.CSS_SELECTOR, f"form[action$='/items/{item}/toggle'] button"))
        check(self.at(f"/console/couches/{world.couch}/home"), f"switching leads back to the home page ({driver.current_url})")
        check("OFF" in (self.notice() or ""), f"the page says what the cooler did ({self.notice()})")
        self.wait(lambda: state() == "OFF", PATIENCE)
        check(state() == "OFF", f"the cooler is off again ({state()})")

    def energy(self):
        driver, world = self.driver, self.world
        call("POST", "/jobs/weather/run", token=self.operator)
        driver.get(f"{BASE}/console/couches/{world.couch}/energy")
        plot = driver.find_elements(By.CSS_SELECTOR, "svg#energy-plot[role=img] polyline.outdoor")
        check(bool(plot), "after a weather run the energy page plots the outdoor temperature")
        levels = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "figcaption li")]
        check("Cooling on above 26.0 °C" in levels, f"the plot's legend names the thresholds ({levels})")
        rows = driver.find_elements(By.CSS_SELECTOR, "#energy-days tbody tr")
        check(len(rows) >= 1, f"a table behind the plot gives the same day by day ({len(rows)} rows)")
        self.page("energy")
        driver.get(f"{BASE}/console/couches/{world.couch}/settings")
        check(driver.find_element(By.TAG_NAME, "h1").text == f"{COUCH}: Settings", "the couch's settings page opens")
        feeds = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "section[aria-labelledby=calendars] li")]
        check(any(FEED in f and "Synced" in f for f in feeds), f"the channel's calendar is listed with its last sync ({feeds})")
        self.page("settings")

    def webhooks(self):
        driver = self.driver
        self.submit(self.menu("Webhooks"))
        check(self.at("/console/webhooks"), f"the menu leads to the webhooks ({driver.current_url})")
        delivered = self.wait(lambda: driver.refresh() or driver.find_elements(By.CSS_SELECTOR, ".card .state-delivered"), PATIENCE)
        check(bool(delivered), f"the webhook's deliveries are listed as delivered ({len(Receiver.received)} received)")
        card = driver.find_element(By.CSS_SELECTOR, ".card")
        check(card.find_element(By.CSS_SELECTOR, "h2.url").text.endswith("/smartcouch") and "On" in card.text, "the endpoint is shown, on")
        self.page("webhooks")
        self.submit(driver.find_elements(By.XPATH, "//button[starts-with(normalize-space(), 'Send again')]")[0])
        check(self.notice() == "The delivery is queued again.", f"the page says the delivery is sent again ({self.notice()})")
        self.submit(self.button("Switch off"))
        check(self.at("/console/webhooks"), f"switching off leads back to the webhooks ({driver.current_url})")
        check(self.notice() == "The webhook is off.", f"the page says the webhook is off ({self.notice()})")
        enabled = call("GET", f"/webhooks/{self.world.webhook}", token=self.world.host).get("enabled")
        check(enabled is False, f"the webhook is off ({enabled})")

    def sign_out(self):
        driver = self.driver
        self.submit(self.menu("Today"))
        card = driver.find_element(By.CSS_SELECTOR, ".card").text
        check(f"Occupied by {REQUESTER} until " in card, f"Today says who is in tonight ({card.splitlines()[1:2]})")
        active = driver.find_elements(By.CSS_SELECTOR, ".card [data-state=active]")
        check(active and active[0].text == "On the lock" and self.code in card, "Today shows the code on the lock")
        self.page("today-occupied")
        self.submit(self.button("Sign out"))
        check(self.at("/console/login"), f"signing out leads to the sign-in page ({driver.current_url})")
        check(not driver.get_cookie("console"), "the session cookie is gone")
        driver.back()
        self.wait(lambda: driver.execute_script("return document.readyState") == "complete")
        path = urlsplit(driver.current_url).path
        form = driver.find_elements(By.ID, "password")
        check(path == "/console/login" or form, f"Back after signing out shows the sign-in page ({driver.current_url})")
        source = driver.page_source
        leaked = [what for what in (COUCH, REQUESTER, self.code) if what and what in source]
        check(not driver.find_elements(By.CSS_SELECTOR, ".card") and not leaked,
              f"Back after signing out shows nothing of the console ({leaked or 'nothing'})")
        self.page("signed-out-back")
        driver.get(BASE + "/console")
        check(urlsplit(driver.current_url).path == "/console/login", f"the console asks to sign in again ({driver.current_url})")


def main():
    os.makedirs(OUT, exist_ok=True)
    operator = operator_token()
    hook = receiver()
    for width, height, phone, slots in SIZES:
        print(f"--- the console at {width}x{height}", flush=True)
        try:
            Journey(width, height, phone, slots, operator, hook).run()
        except Exception as error:  # a page without what the next step needs: the other size still runs
            check(False, f"the journey at {width} px goes on to its end ({type(error).__name__}: {(str(error).strip().splitlines() or [''])[0]})")
            traceback.print_exc()
    finish(OUT)


main()
