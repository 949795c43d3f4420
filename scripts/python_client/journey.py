"""A host's system and its guests, through the generated client (clients/python) only, against a
running server and its openHAB simulator. Every answer is checked against swagger.yaml (see
contract.py), and every event of every type the contract names is caused, heard on the host's
GET /events stream and checked against `#/components/schemas/Event`. Raw HTTP is used only for
the event stream and for the simulator's control API (the people at the door, faults, calendars).

Usage: journey.py BASE_URL HUB_URL HOST_EMAIL   (HOST_EMAIL must be one of the server's operators,
who may run the door-code job)
"""
import datetime
import io
import sys
import time
import zoneinfo

import httpx
from smart_couch_api_client import AuthenticatedClient, Client
from smart_couch_api_client.api.auth import login, register
from smart_couch_api_client.api.codes import change_code_settings, check_out_of_stay, couch_door_codes, stay_access
from smart_couch_api_client.api.conversations import conversations_of_user, messages_of_conversation, open_conversation, post_message
from smart_couch_api_client.api.couches import (add_calendar, add_couch_image, couch_quote, create_couch, get_couch, get_image,
                                                replace_couch_prices, replace_couch_rules, search_couches, sync_calendar)
from smart_couch_api_client.api.home import access_log, create_device, devices_of_couch, hub_status, hub_things, set_hub, toggle_switch
from smart_couch_api_client.api.jobs import run_job
from smart_couch_api_client.api.reservations import (accept_reservation_request, cancel_reservation, create_reservation,
                                                     decline_reservation_request, reservations_of_couch, shorten_reservation)
from smart_couch_api_client.api.scenes import automation_runs, create_scene, create_trigger
from smart_couch_api_client.api.users import get_me
from smart_couch_api_client.models import (AddCouchImageBody, CalendarInput, CodeSettingsInput, CodeSlots, ConversationInput, CouchCreate,
                                           DeviceInput, DeviceInputPropertiesItem, DeviceType, HubInput, Login, MessageInput, PriceList,
                                           Registration, ReservationInput, SceneAction, SceneInput, ShortenReservationBody, StayRules,
                                           TriggerInput, TriggerInputKind)
from smart_couch_api_client.types import File

from contract import Contract
from events import EventStream
from api import png

PASSWORD = "correct horse battery staple"
HUB_TOKEN = "oh.simulator.admin"  # the simulator's administrator token (scripts/lib/servers.sh)
KEYPAD, PLUG, SMART_LOCK = "sim:keypadlock:entrance", "sim:smartplug:kitchen", "sim:smartlock:front"
# One zone for each hour of offset, from UTC-11 to UTC+14: the couch is put where it is now near
# midday, so that a stay booked from today is under way (check-in 08:00) whenever this runs.
ZONES = ["Pacific/Pago_Pago", "Pacific/Honolulu", "Pacific/Gambier", "Pacific/Pitcairn", "America/Phoenix", "America/Costa_Rica",
         "America/Bogota", "America/La_Paz", "America/Argentina/Buenos_Aires", "Atlantic/South_Georgia", "Atlantic/Cape_Verde",
         "Atlantic/Reykjavik", "Africa/Lagos", "Africa/Johannesburg", "Europe/Istanbul", "Asia/Dubai", "Asia/Karachi", "Asia/Dhaka",
         "Asia/Bangkok", "Asia/Singapore", "Asia/Tokyo", "Australia/Brisbane", "Pacific/Noumea", "Pacific/Tarawa", "Pacific/Tongatapu",
         "Pacific/Kiritimati"]


def step(text):
    print(f"-- {text}", flush=True)


def expect(response, *statuses):
    """The parsed answer of a call, which must have answered one of `statuses`."""
    if response.status_code not in statuses:
        raise AssertionError(f"answered {int(response.status_code)}, not {statuses}: {response.content[:500]!r}")
    return response.parsed


class Journey:
    def __init__(self, base, hub, host_email):
        self.base, self.hub, self.host_email = base, hub, host_email
        self.contract = Contract("swagger.yaml")
        self.sim = httpx.Client(base_url=hub + "/_sim", timeout=30)
        self.anonymous = self.client()

    def client(self, token=None):
        hooks = {"event_hooks": {"response": [self.contract.hook]}}
        if token is None:
            return Client(base_url=self.base, httpx_args=hooks, timeout=httpx.Timeout(60))
        return AuthenticatedClient(base_url=self.base, token=token, httpx_args=hooks, timeout=httpx.Timeout(60))

    def user(self, email, name):
        session = expect(register.sync_detailed(client=self.anonymous, body=Registration(email=email, password=PASSWORD, name=name)), 201)
        return session.user, self.client(session.access_token)

    def host_token(self):
        """A fresh access token of the host, for the event stream's reconnections."""
        return expect(login.sync_detailed(client=self.anonymous, body=Login(email=self.host_email, password=PASSWORD)), 200).access_token

    def control(self, method, path, **kwargs):
        """The simulator's control API: what happens at the hub, not through SmartCouch."""
        answer = self.sim.request(method, path, **kwargs)
        if answer.status_code >= 300:
            raise AssertionError(f"simulator {method} {path} answered {answer.status_code}: {answer.text}")
        return answer

    def run(self):
        step("a host registers, signs in and lists a couch with a photo, prices and rules")
        self.host_user, _ = self.user(self.host_email, "Hanna Host")
        host = self.host = self.client(self.host_token())
        me = expect(get_me.sync_detailed(client=host), 200)
        assert me.id == self.host_user.id
        zone, now = min(((zone, datetime.datetime.now(zoneinfo.ZoneInfo(zone))) for zone in ZONES),
                        key=lambda pair: abs(pair[1].hour * 60 + pair[1].minute - 12 * 60))
        self.today = now.date()
        couch = expect(create_couch.sync_detailed(client=host, body=CouchCreate(
            name="Lakeside flat", city="Lakeside", country="HU", max_guests=4, time_zone=zone, check_in_time="08:00",
            check_out_time="11:00", nightly_price="80.00", currency="EUR", description="Quiet, by the water")), 201)
        self.couch = couch.id
        def upload(declared):
            return add_couch_image.sync_detailed(self.couch, client=host, body=AddCouchImageBody(
                file=File(payload=io.BytesIO(png(4, 3)), file_name="flat.png", mime_type=declared)))
        # The part's type reaches the server: a PNG said to be a JPEG is refused.
        expect(upload("image/jpeg"), 422)
        image = expect(upload("image/png"), 201)
        assert image.content_type == "image/png", image
        picture = expect(get_image.sync_detailed(image.id, client=self.anonymous), 200)
        assert picture.payload.read().startswith(b"\x89PNG")
        expect(replace_couch_prices.sync_detailed(self.couch, client=host, body=PriceList(
            nightly="80.00", weekend="95.00", cleaning_fee="20.00", currency="EUR")), 200)
        expect(replace_couch_rules.sync_detailed(self.couch, client=host, body=StayRules(min_nights=1, max_nights=30)), 200)

        self.stream = EventStream(self.base, self.host_token, self.contract)
        self.stream.start()
        try:
            self.home()
            self.stays()
            self.requests()
            self.hub_and_calendars()
            self.check_events()
        finally:
            self.stream.stop()
        print(f"python-client journey: {self.contract.checked} answers and events matched the contract")

    def home(self):
        step("the host connects the hub and adds a keypad lock, a smart lock and a plug, and an arrival scene")
        host = self.host
        status = expect(set_hub.sync_detailed(self.couch, client=host, body=HubInput(base_url=self.hub, api_token=HUB_TOKEN)), 200)
        assert status.reachable, status
        things = expect(hub_things.sync_detailed(self.couch, client=host), 200)
        assert {KEYPAD, PLUG, SMART_LOCK} <= {thing.uid for thing in things}, things

        def device(name, kind, thing, channel, **extra):
            return expect(create_device.sync_detailed(client=host, body=DeviceInput(
                couch_id=self.couch, name=name, type_=kind, thing_uid=thing,
                properties=[DeviceInputPropertiesItem(channel_uid=f"{thing}:{channel}")], **extra)), 201)
        self.keypad = device("Front door", DeviceType.LOCK, KEYPAD, "lock", code_slots=CodeSlots(first=5, last=6))
        self.smart_lock = device("Back door", DeviceType.LOCK, SMART_LOCK, "lock")
        self.plug = device("Kitchen lamp", DeviceType.LIGHT, PLUG, "power")
        listed = expect(devices_of_couch.sync_detailed(self.couch, client=host), 200)
        assert {d.id for d in listed} == {self.keypad.id, self.smart_lock.id, self.plug.id}
        scene = expect(create_scene.sync_detailed(self.couch, client=host, body=SceneInput(
            name="Lights on arrival", actions=[SceneAction(item_id=self.plug.main_item_id, command="ON")])), 201)
        expect(create_trigger.sync_detailed(self.couch, client=host, body=TriggerInput(scene_id=scene.id, kind=TriggerInputKind.ARRIVAL)), 201)

    def stays(self):
        host, day = self.host, lambda n: self.today + datetime.timedelta(days=n)
        step("a guest searches, gets a quote, books three nights from today (its door code fails) and writes to the host")
        guest_user, guest = self.user("greta@example.com", "Greta Guest")
        found = expect(search_couches.sync_detailed(client=self.anonymous, city="Lakeside", check_in=day(0), check_out=day(3), guests=2), 200)
        assert [couch.id for couch in found.items] == [self.couch], found
        assert expect(get_couch.sync_detailed(self.couch, client=self.anonymous), 200).name == "Lakeside flat"
        quote = expect(couch_quote.sync_detailed(self.couch, client=guest, check_in=day(0), check_out=day(3), guests=2), 200)
        assert quote.bookable, quote
        # The lock refuses code writes for now: the code the booking asks for fails (code.failed).
        self.control("PUT", "/faults", json={"failStatus": 409, "pathPattern": "/config$", "method": "PUT"})
        stay = expect(create_reservation.sync_detailed(client=guest, body=ReservationInput(
            couch_id=self.couch, check_in=day(0), check_out=day(3), guests=2)), 201)
        assert stay.status.value == "confirmed" and stay.total_price == quote.total, (stay, quote)
        self.code_becomes("failed", stay.id)
        conversation = expect(open_conversation.sync_detailed(client=guest, body=ConversationInput(
            other_user_id=self.host_user.id, couch_id=self.couch)), 200, 201)
        expect(post_message.sync_detailed(client=guest, body=MessageInput(conversation_id=conversation.id, body="We land at noon")), 201)

        step("the host sees the stay and the message, answers, and shortens the stay by a night")
        booked = expect(reservations_of_couch.sync_detailed(self.couch, client=host), 200)
        assert stay.id in {entry.id for entry in booked}, booked
        assert any(c.id == conversation.id for c in expect(conversations_of_user.sync_detailed(self.host_user.id, client=host), 200))
        messages = expect(messages_of_conversation.sync_detailed(conversation.id, client=host), 200)
        assert [m.body for m in messages.items] == ["We land at noon"], messages
        expect(post_message.sync_detailed(client=host, body=MessageInput(conversation_id=conversation.id, body="The code comes today")), 201)
        shortened = expect(shorten_reservation.sync_detailed(stay.id, client=host, body=ShortenReservationBody(check_out=day(2))), 200)
        assert shortened.check_out == day(2), shortened

        step("the lock takes writes again: the door-code job puts the code on it")
        expect(change_code_settings.sync_detailed(self.couch, client=host, body=CodeSettingsInput(lead_minutes=60)), 200)
        self.control("DELETE", "/faults")
        self.code_becomes("active", stay.id)
        access = expect(stay_access.sync_detailed(stay.id, client=guest), 200)
        pin = access.codes[0].code

        step("the guest opens the door with the code; the arrival scene runs; the host switches the lamp")
        # Hub events reach the server over a stream it opens a few seconds after a hub appears.
        poll("the server to listen to the hub", lambda: self.control("GET", "/events/subscribers").json()["count"] >= 1)
        opened = self.control("POST", f"/things/{KEYPAD}/keypad", json={"code": pin}).json()
        assert opened["opened"], opened
        self.stream.wait_for("door.unlocked and stay.checked_in", lambda events: {"door.unlocked", "stay.checked_in"} <= types(events))
        self.stream.wait_for("automation.run", lambda events: "automation.run" in types(events))
        runs = expect(automation_runs.sync_detailed(self.couch, client=host), 200)
        assert runs.items and runs.items[0].kind.value == "arrival", runs
        toggled = expect(toggle_switch.sync_detailed(self.plug.main_item_id, client=host), 200)
        assert toggled.state == "OFF", toggled  # the arrival scene had switched it on
        self.stream.wait_for("device.state_changed", lambda events: "device.state_changed" in types(events))

        step("a command to a lock the hub reports offline fails, and the host reads it in the access log")
        self.control("PUT", f"/things/{SMART_LOCK}/status", json={"status": "OFFLINE", "statusDetail": "COMMUNICATION_ERROR"})
        expect(toggle_switch.sync_detailed(self.smart_lock.main_item_id, client=guest), 409)
        self.control("PUT", f"/things/{SMART_LOCK}/status", json={"status": "ONLINE"})
        log = expect(access_log.sync_detailed(self.couch, client=host), 200)
        assert any(entry.outcome.value == "failed" for entry in log.items), log

        step("the guest checks out; the next job run clears the code")
        expect(check_out_of_stay.sync_detailed(stay.id, client=guest), 200)
        self.code_becomes("cleared", stay.id)

    def code_becomes(self, state, stay):
        """Runs the door-code job and waits for the stay's code to reach `state`. The server may
        also write a code as soon as its stay changes; the event says which attempt settled it."""
        expect(run_job.sync_detailed("door-codes", client=self.host), 200)
        self.stream.wait_for(f"code.{state} of stay {stay}", lambda events: any(
            event["type"] == f"code.{state}" and event["data"].get("stayId") == str(stay) for event in events))
        codes = expect(couch_door_codes.sync_detailed(self.couch, client=self.host), 200)
        assert next(code for code in codes.items if code.stay_id == stay).state.value == state, codes

    def requests(self):
        host, day = self.host, lambda n: self.today + datetime.timedelta(days=n)
        step("the host takes requests to book: one accepted and then cancelled by its guest, one declined")
        expect(replace_couch_rules.sync_detailed(self.couch, client=host, body=StayRules(instant_book=False)), 200)
        _, ann = self.user("ann@example.com", "Ann Asker")
        _, bob = self.user("bob@example.com", "Bob Asker")
        first = expect(create_reservation.sync_detailed(client=ann, body=ReservationInput(
            couch_id=self.couch, check_in=day(10), check_out=day(12), guests=1)), 201)
        second = expect(create_reservation.sync_detailed(client=bob, body=ReservationInput(
            couch_id=self.couch, check_in=day(20), check_out=day(22), guests=1)), 201)
        assert first.status.value == second.status.value == "requested", (first, second)
        assert expect(accept_reservation_request.sync_detailed(first.id, client=host), 200).status.value == "confirmed"
        assert expect(decline_reservation_request.sync_detailed(second.id, client=host), 200).status.value == "declined"
        assert expect(cancel_reservation.sync_detailed(first.id, client=ann), 200).status.value == "cancelled"
        expect(replace_couch_rules.sync_detailed(self.couch, client=host, body=StayRules(instant_book=True)), 200)

    def hub_and_calendars(self):
        host, day = self.host, lambda n: self.today + datetime.timedelta(days=n)
        step("the hub stops answering and comes back")
        # Past the server's OPENHAB_TIMEOUT_MS (2 s): a call that times out marks the hub offline.
        self.control("PUT", "/faults", json={"latencyMs": 20000, "pathPattern": "^/rest/$", "method": "GET"})
        assert not expect(hub_status.sync_detailed(self.couch, client=host), 200).reachable
        self.control("DELETE", "/faults")
        self.stream.wait_for("hub.offline", lambda events: "hub.offline" in types(events))
        assert expect(hub_status.sync_detailed(self.couch, client=host), 200).reachable
        self.stream.wait_for("hub.online after hub.offline", lambda events: "hub.online" in types(events[index(events, "hub.offline"):]))

        step("a channel calendar brings a stay over booked nights, then fails to sync")
        _, carl = self.user("carl@example.com", "Carl Booker")
        stay = expect(create_reservation.sync_detailed(client=carl, body=ReservationInput(
            couch_id=self.couch, check_in=day(30), check_out=day(32), guests=1)), 201)
        assert stay.status.value == "confirmed", stay
        feed = ics([("airbnb-1", day(31), day(33))])
        self.control("PUT", "/calendars/airbnb", content=feed)
        calendar = expect(add_calendar.sync_detailed(self.couch, client=host, body=CalendarInput(
            url=self.hub + "/_sim/calendars/airbnb.ics", name="Airbnb")), 201)
        self.stream.wait_for("calendar.conflict", lambda events: "calendar.conflict" in types(events))
        self.control("PUT", "/calendars/airbnb/behaviour", json={"failStatus": 503})
        expect(sync_calendar.sync_detailed(self.couch, calendar.id, client=host), 200, 502)
        self.stream.wait_for("calendar.sync_failed", lambda events: "calendar.sync_failed" in types(events))

    def check_events(self):
        step("every event type was heard, and every event matches the contract's Event")
        wanted = set(self.contract.document["components"]["schemas"]["EventType"]["enum"])
        events = self.stream.wait_for("every event type", lambda events: wanted <= types(events))
        print(f"heard {len(events)} events: {sorted(types(events))}")
        problems = []
        for event in events:
            try:
                self.contract.event(event)
            except AssertionError as error:
                problems.append(str(error))
        problems += [f"a frame disagrees with its data: {frame}" for frame in self.stream.mismatches]
        if problems:
            raise AssertionError(f"{len(problems)} of {len(events)} events do not match #/components/schemas/Event:\n" + "\n".join(problems))


def poll(what, condition, bound=120):
    """Asks `condition` every half second until it holds; `bound` is for a machine that hung."""
    deadline = time.monotonic() + bound
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {bound} s")
        time.sleep(0.5)


def types(events):
    return {event["type"] for event in events}


def index(events, kind):
    return next(i for i, event in enumerate(events) if event["type"] == kind)


def ics(events):
    """A channel's iCalendar feed of whole-day events (uid, check-in, check-out)."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN"]
    for uid, start, end in events:
        lines += ["BEGIN:VEVENT", f"UID:{uid}", f"DTSTART;VALUE=DATE:{start:%Y%m%d}", f"DTEND;VALUE=DATE:{end:%Y%m%d}",
                  "SUMMARY:Reserved", "END:VEVENT"]
    return "\r\n".join(lines + ["END:VCALENDAR"]) + "\r\n"


if __name__ == "__main__":
    Journey(*sys.argv[1:4]).run()
