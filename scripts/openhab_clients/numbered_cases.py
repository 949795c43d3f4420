"""One check per numbered gap of the issue that made the simulator an openHAB to any client, over raw
HTTP: each is what openhab-core's resources answer, which the clients tried rely on."""
import base64
import json
import re
import time
import urllib.request
from datetime import datetime

from hub import ADMIN_TOKEN, HUB_URL, REQUEST_TIMEOUT, Checks, expect, request

THING = "sim:smartlock:front"


def system_info():
    reply = request("GET", "/rest/systeminfo")
    expect(reply.status == 200, f"GET /rest/systeminfo answered {reply.status}")
    expect(reply.json()["systemInfo"]["startLevel"] == 100, f"start level: {reply.body}")


def thing_status():
    reply = request("GET", f"/rest/things/{THING}/status")
    expect(reply.status == 200 and reply.json() == {"status": "ONLINE", "statusDetail": "NONE"}, f"{reply.status} {reply.body}")
    unknown = request("GET", "/rest/things/sim:smartlock:nowhere/status")
    expected = {"error": {"message": "Thing sim:smartlock:nowhere does not exist!", "http-code": 404}}
    expect(unknown.status == 404 and unknown.json() == expected, f"{unknown.status} {unknown.body}")


def first_change(topic, act):
    """The payload of the first event on `topic` after `act`, read off /rest/events (alive pings keep
    every read within the socket's timeout)."""
    stream = urllib.request.urlopen(f"{HUB_URL}/rest/events?topics={topic}", timeout=REQUEST_TIMEOUT)
    with stream:
        act()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = stream.readline().decode()
            expect(line, "the event stream ended")
            if line.startswith("data: ") and '"topic"' in line:
                return json.loads(json.loads(line[6:])["payload"])
    raise AssertionError(f"no event on {topic} within 60 s")


def event_times():
    request("PUT", "/rest/items/Case_Times/state", "ON", "text/plain")
    item = request("GET", "/rest/items/Case_Times").json()
    expect(isinstance(item["lastStateUpdate"], int), f"the items resource keeps epoch milliseconds: {item}")
    payload = first_change("openhab/items/Case_Times/statechanged", lambda: request("PUT", "/rest/items/Case_Times/state", "OFF", "text/plain"))
    for field in ("lastStateUpdate", "lastStateChange"):
        text = payload[field]
        match = re.fullmatch(r"(\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d))\[([\w/+-]+)\]", text)
        expect(match, f"{field} is no ZonedDateTime text: {text!r}")
        moment = datetime.fromisoformat(match.group(1))
        expect(round(moment.timestamp() * 1000) == item[field], f"{field} {text} is not the item's {item[field]}")


def fields_and_static_data():
    items = request("GET", "/rest/items?fields=name,state").json()
    expect(items and all(set(item) == {"name", "state"} for item in items), f"fields=name,state gave {items[:2]}")
    static = request("GET", "/rest/items?staticDataOnly=true").json()
    expect(static and all("state" not in item and "name" in item for item in static), f"staticDataOnly gave {static[:2]}")


def basic_bare_token():
    bare = base64.b64encode(ADMIN_TOKEN.encode()).decode()
    reply = request("GET", "/rest/things", headers={"Authorization": f"Basic {bare}"})
    expect(reply.status == 200, f"Basic with the token alone answered {reply.status} {reply.body}")


def members_tags_metadata():
    answers = {
        "PUT members": request("PUT", "/rest/items/Case_Group/members/Case_Member").status,
        "PUT tags": request("PUT", "/rest/items/Case_Member/tags/Lightbulb").status,
        "PUT metadata": request("PUT", "/rest/items/Case_Member/metadata/homekit", '{"value": "Lighting"}', "application/json").status,
        "PUT metadata again": request("PUT", "/rest/items/Case_Member/metadata/homekit", '{"value": "Lighting.On"}', "application/json").status,
    }
    expect(answers == {"PUT members": 200, "PUT tags": 200, "PUT metadata": 201, "PUT metadata again": 200}, f"{answers}")
    namespaces = request("GET", "/rest/items/Case_Member/metadata/namespaces")
    expect(namespaces.status == 200 and namespaces.json() == ["homekit"], f"{namespaces.status} {namespaces.body}")
    member = request("GET", "/rest/items/Case_Member").json()
    expect(member["groupNames"] == ["Case_Group"] and member["tags"] == ["Lightbulb"], f"{member}")
    expect(member["metadata"]["homekit"]["value"] == "Lighting.On", f"{member}")
    deleted = request("DELETE", "/rest/items/Case_Member/metadata/homekit")
    expect(deleted.status == 200 and request("GET", "/rest/items/Case_Member/metadata/namespaces").json() == [], f"DELETE: {deleted.status}")


def rules_and_orphans():
    rules = request("GET", "/rest/rules")
    expect(rules.status == 200 and rules.json() == [], f"GET /rest/rules: {rules.status} {rules.body}")
    orphans = request("GET", "/rest/links/orphans")
    expect(orphans.status == 200 and orphans.json() == [], f"GET /rest/links/orphans: {orphans.status} {orphans.body}")


if __name__ == "__main__":
    checks = Checks()
    checks.run("case 1: /rest/systeminfo reports start level 100", system_info)
    checks.run("case 2: /rest/things/{uid}/status, and openHAB's 404", thing_status)
    checks.run("case 3: event payloads carry ISO-8601 times, the items resource milliseconds", event_times)
    checks.run("case 4: fields and staticDataOnly on GET /rest/items", fields_and_static_data)
    checks.run("case 5: Basic authentication with the bare token", basic_bare_token)
    checks.run("case 6: group members, tags and metadata", members_tags_metadata)
    checks.run("case 7: /rest/rules and /rest/links/orphans", rules_and_orphans)
    checks.finish()
