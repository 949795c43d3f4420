"""Creates real resources on a running server and writes the Schemathesis configuration that
aims the fuzzer's path and body ids at them, so that operations get past 404 to their real work.

Usage: fixtures.py BASE_URL FUZZ_EMAIL OUT.toml

The fuzzing user (FUZZ_EMAIL, an operator) hosts couch A with devices (a heater, a weather watcher
and a lamp), a grant, an image, scenes, a trigger, presence simulation, bookings by a second user and a
webhook that hears them, and the second user hosts couch B that the fuzzing user has booked. Destructive operations get spare resources of their own, so that deleting one
does not starve the others.
"""

import json
import os
import sys
import time
import urllib.request
from datetime import date, datetime, timedelta, timezone

from api import caller, png

BASE, FUZZ_EMAIL, OUT = sys.argv[1:4]
call = caller(BASE)
PASSWORD = "fuzzing password"


def register(email, name):
    session = call("POST", "/auth/register", {"email": email, "password": PASSWORD, "name": name,
                                              "externalId": "fuzz-" + name.lower()})
    return session["user"]["id"], session["accessToken"]


def couch(token, name, city):
    return call("POST", "/couches", {
        "name": name, "city": city, "country": "HU", "maxGuests": 4, "nightlyPrice": "80.00",
        "latitude": 47.5, "longitude": 19.05, "timeZone": "Europe/Budapest",
    }, token)["id"]


def book(token, couch_id, nights_from_now):
    check_in = date.today() + timedelta(days=nights_from_now)
    return call("POST", "/reservations", {
        "couchId": couch_id, "checkIn": check_in.isoformat(),
        "checkOut": (check_in + timedelta(days=3)).isoformat(), "guests": 2,
    }, token)


def device(token, couch_id, name):
    thing = "sim:thermostat:living"
    return call("POST", "/home/items", {
        "couchId": couch_id, "name": name, "type": "heating", "thingUID": thing,
        "properties": [{"channelUID": f"{thing}:power"}, {"channelUID": f"{thing}:setpoint"}],
    }, token)


def watcher(token, couch_id):
    return call("POST", "/home/items", {"couchId": couch_id, "name": "Weather", "type": "weatherWatcher"}, token)["id"]


def grant(token, couch_id, user_id):
    now = datetime.now(timezone.utc)
    return call("POST", "/home/grants", {
        "couchId": couch_id, "userId": user_id,
        "startsAt": now.isoformat(timespec="seconds"),
        "endsAt": (now + timedelta(days=7)).isoformat(timespec="seconds"),
    }, token)["id"]


def image(token, couch_id):
    return call("POST", f"/couches/{couch_id}/images", png(), token, content_type="image/png")["id"]


host_id, host_token = register(FUZZ_EMAIL, "Fuzzer")
guest_id, guest_token = register("fuzz-guest@example.com", "Guest")

couch_a = couch(host_token, "Fuzzed loft", "Budapest")
spare_couch = couch(host_token, "Spare loft", "Budapest")
couch_b = couch(guest_token, "Guest's cabin", "Szeged")

stay_at_a = book(guest_token, couch_a, 30)
stay_at_b = book(host_token, couch_b, 40)
spare_stay = book(host_token, couch_b, 60)

# The shared hub's Things serve nobody until an operator (the fuzzing host is one) assigns them.
for shared_thing in ("sim:thermostat:living", "sim:smartlock:front", "sim:smartplug:kitchen"):
    call("PUT", f"/admin/hub/things/{shared_thing}", {"couchId": couch_a}, host_token)

heater = device(host_token, couch_a, "Heater")
spare_heater = device(host_token, couch_a, "Spare heater")
weather_watcher = watcher(host_token, couch_a)
lamp = call("POST", "/home/items", {
    "couchId": couch_a, "name": "Kitchen lamp", "type": "light", "thingUID": "sim:smartplug:kitchen",
    "properties": [{"channelUID": "sim:smartplug:kitchen:power"}],
}, host_token)["id"]
items = {item["channelUID"].rsplit(":", 1)[1]: item["id"] for item in heater["items"]}

grant_id = grant(host_token, couch_a, guest_id)
spare_grant = grant(host_token, couch_a, guest_id)
image_id = image(host_token, couch_a)
calendar_url = os.environ["FUZZ_HUB_URL"] + "/_sim/calendars/fuzz.ics"
urllib.request.urlopen(urllib.request.Request(
    os.environ["FUZZ_HUB_URL"] + "/_sim/calendars/fuzz", method="PUT",
    data=b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:fuzz-1\r\nDTSTART;VALUE=DATE:20300101\r\n"
         b"DTEND;VALUE=DATE:20300103\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"), timeout=30)
calendar = call("POST", f"/couches/{couch_a}/calendars", {"url": calendar_url, "name": "Fuzzed channel"}, host_token)["id"]
spare_calendar = call("POST", f"/couches/{couch_a}/calendars", {"url": calendar_url + "?copy=spare", "name": "Spare channel"}, host_token)["id"]
spare_block = call("POST", f"/couches/{couch_a}/blocks", {
    "from": (date.today() + timedelta(days=200)).isoformat(), "to": (date.today() + timedelta(days=202)).isoformat(),
}, host_token)["id"]
spare_image = image(host_token, couch_a)
scene_body = lambda name: {"name": name, "actions": [{"itemId": items["power"], "command": "ON"}]}
scene = call("POST", f"/couches/{couch_a}/scenes", scene_body("Fuzzed scene"), host_token)["id"]
spare_scene = call("POST", f"/couches/{couch_a}/scenes", scene_body("Spare scene"), host_token)["id"]
spare_trigger = call("POST", f"/couches/{couch_a}/triggers", {"sceneId": spare_scene, "kind": "arrival"}, host_token)["id"]
call("PATCH", f"/couches/{couch_a}/presence", {"enabled": True, "lightIds": [lamp]}, host_token)
# Deliveries go to the simulator (the fuzzing server allows webhooks private addresses), which
# answers 404: they are retried, and the log has entries to redeliver.
webhook_url = os.environ["FUZZ_HUB_URL"] + "/_sim/webhook"
webhook = call("POST", "/webhooks", {"url": webhook_url, "types": ["reservation.created", "reservation.cancelled"]}, host_token)["id"]
spare_webhook = call("POST", "/webhooks", {"url": webhook_url, "types": ["reservation.created"]}, host_token)["id"]
book(guest_token, couch_a, 90)


def first_delivery(token, webhook_id):
    """The id of the webhook's first delivery, once the server has queued one (it does so within
    moments of the booking's commit)."""
    for _ in range(300):
        items = call("GET", f"/webhooks/{webhook_id}/deliveries", None, token)["items"]
        if items:
            return items[0]["id"]
        time.sleep(0.1)
    sys.exit("the booking was never queued to the fuzzing webhook")


delivery = first_delivery(host_token, webhook)


def values(*ids):
    return json.dumps(list(ids))


def operation(name, **bindings):
    """A [[operations]] table binding each parameter to a dictionary of real ids."""
    lines = ["[[operations]]", f"include-name = {json.dumps(name)}"]
    lines += [f'parameters."{key}" = {{ dictionary = "{dictionary}", probability = 0.9 }}'
              for key, dictionary in bindings.items()]
    return "\n".join(lines)


dictionaries = {
    "couch": values(couch_a), "spare_couch": values(spare_couch), "bookable_couch": values(couch_b),
    "any_couch": values(couch_a, couch_b), "user": values(host_id), "other_user": values(guest_id),
    "any_user": values(host_id, guest_id), "external_id": values("fuzz-fuzzer", "fuzz-guest"),
    "reservation": values(stay_at_b["id"], stay_at_a["id"]), "spare_reservation": values(spare_stay["id"]),
    "conversation": values(stay_at_a["conversationId"]), "device": values(heater["id"]),
    "spare_device": values(spare_heater["id"]), "watcher": values(weather_watcher),
    "heater": values(heater["id"], spare_heater["id"]), "switch": values(items["power"]),
    "setpoint": values(items["setpoint"], items["power"]), "grant": values(spare_grant), "block": values(spare_block),
    "calendar": values(calendar), "spare_calendar": values(spare_calendar),
    "image": values(image_id), "spare_image": values(spare_image), "city": values("Budapest", "Szeged"),
    "thing": values("sim:thermostat:living", "sim:smartlock:front"), "job": values("weather"),
    "webhook": values(webhook), "spare_webhook": values(spare_webhook), "delivery": values(delivery),
    "scene": values(scene), "spare_scene": values(spare_scene), "spare_trigger": values(spare_trigger),
}

config = [
    "# Written by scripts/fuzz/fixtures.py for one run; ids are the resources it made.",
    "# No cache: failures it would replay next time name resources of this run only.",
    "cache = { enabled = false }",
    "[dictionaries]",
    *(f"{name} = {{ values = {entries} }}" for name, entries in dictionaries.items()),
    "",
    "[parameters]",
    *(f'"{key}" = {{ dictionary = "{dictionary}", probability = 0.9 }}' for key, dictionary in {
        "path.couchId": "couch", "path.userId": "user", "path.externalId": "external_id",
        "path.configurationId": "device", "path.conversationId": "conversation",
        "path.itemId": "switch", "path.imageId": "image", "path.city": "city",
        "query.couchId": "couch", "path.name": "job", "query.job": "job",
    }.items()),
    "",
    operation("GET /users/{id}", **{"path.id": "any_user"}),
    operation("GET /couches/{id}", **{"path.id": "any_couch"}),
    operation("PATCH /couches/{id}", **{"path.id": "couch"}),
    operation("DELETE /couches/{id}", **{"path.id": "spare_couch"}),
    operation("GET /couches/{id}/availability", **{"path.id": "any_couch"}),
    operation("GET /couches/{id}/calendar.ics", **{"path.id": "any_couch"}),
    operation("POST /couches/{id}/images", **{"path.id": "couch"}),
    operation("DELETE /couches/{id}/images/{imageId}", **{"path.id": "couch", "path.imageId": "spare_image"}),
    operation("GET /images/{id}", **{"path.id": "image"}),
    operation("POST /reservations/{id}/cancel", **{"path.id": "spare_reservation"}),
    operation("GET /reservations/{couchId}", **{"path.couchId": "any_couch"}),
    operation("GET /ratings/{couchId}", **{"path.couchId": "any_couch"}),
    operation("GET /ratings/{couchId}/summary", **{"path.couchId": "any_couch"}),
    operation("GET /couches/city/{city}/{userId}", **{"path.userId": "any_user"}),
    # One path each, whose {id} is a couch for GET and a device or grant otherwise.
    operation("GET /home/items/{id}", **{"path.id": "couch"}),
    operation("DELETE /home/items/{id}", **{"path.id": "spare_device"}),
    operation("GET /home/grants/{id}", **{"path.id": "couch"}),
    operation("DELETE /home/grants/{id}", **{"path.id": "grant"}),
    operation("GET /home/watchers/{id}", **{"path.id": "couch"}),
    operation("PUT /home/watchers/{id}", **{"path.id": "watcher", "body.heatingConfigurationId": "heater"}),
    operation("POST /reservations", **{"body.couchId": "bookable_couch"}),
    operation("POST /ratings", **{"body.reservationId": "reservation", "body.couchId": "any_couch"}),
    operation("POST /conversations", **{"body.couchId": "any_couch", "body.otherUserId": "other_user"}),
    operation("POST /messages", **{"body.conversationId": "conversation"}),
    operation("POST /home/items", **{"body.couchId": "couch", "body.thingUID": "thing"}),
    operation("POST /couches/{id}/blocks", **{"path.id": "couch"}),
    operation("POST /couches/{id}/calendars", **{"path.id": "couch"}),
    operation("GET /couches/{id}/calendars", **{"path.id": "couch"}),
    operation("DELETE /couches/{id}/calendars/{calendarId}", **{"path.id": "couch", "path.calendarId": "spare_calendar"}),
    operation("POST /couches/{id}/calendars/{calendarId}/sync", **{"path.id": "couch", "path.calendarId": "calendar"}),
    operation("GET /couches/{id}/conflicts", **{"path.id": "couch"}),
    operation("GET /couches/{id}/blocks", **{"path.id": "couch"}),
    operation("DELETE /couches/{id}/blocks/{blockId}", **{"path.id": "couch", "path.blockId": "block"}),
    operation("PUT /admin/hub/things/{thingUID}", **{"path.thingUID": "thing", "body.couchId": "couch"}),
    operation("DELETE /admin/hub/things/{thingUID}", **{"path.thingUID": "thing"}),
    operation("POST /home/properties", **{"body.itemId": "setpoint"}),
    operation("POST /home/grants", **{"body.couchId": "couch", "body.userId": "other_user"}),
    operation("POST /couches/{id}/scenes", **{"path.id": "couch"}),
    operation("GET /couches/{id}/scenes", **{"path.id": "couch"}),
    operation("PATCH /scenes/{id}", **{"path.id": "scene"}),
    operation("DELETE /scenes/{id}", **{"path.id": "spare_scene"}),
    operation("POST /scenes/{id}/run", **{"path.id": "scene"}),
    operation("POST /couches/{id}/triggers", **{"path.id": "couch", "body.sceneId": "scene"}),
    operation("GET /couches/{id}/triggers", **{"path.id": "couch"}),
    operation("GET /couches/{id}/automation-runs", **{"path.id": "couch"}),
    operation("DELETE /couches/{id}/triggers/{triggerId}", **{"path.id": "couch", "path.triggerId": "spare_trigger"}),
    operation("GET /couches/{id}/presence", **{"path.id": "couch"}),
    operation("PATCH /couches/{id}/presence", **{"path.id": "couch"}),
    operation("GET /webhooks/{id}", **{"path.id": "webhook"}),
    operation("PATCH /webhooks/{id}", **{"path.id": "webhook"}),
    operation("DELETE /webhooks/{id}", **{"path.id": "spare_webhook"}),
    operation("GET /webhooks/{id}/deliveries", **{"path.id": "webhook"}),
    operation("POST /webhooks/{id}/deliveries/{deliveryId}/redeliver", **{"path.id": "webhook", "path.deliveryId": "delivery"}),
]

with open(OUT, "w") as file:
    file.write("\n".join(config) + "\n")
print(host_token)
