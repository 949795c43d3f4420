"""python-openhab against the hub: it creates an item of every type, commands it (or, for a Contact,
updates it, as openHAB takes no commands there), reads the state back through its own item classes,
and deletes it (over raw HTTP: python-openhab has no call for that). Image and Call items take no
commands in openHAB: they are created and read."""
import datetime

import openhab

from hub import ADMIN_TOKEN, HUB_URL, Checks, expect, request

hub = openhab.OpenHAB(f"{HUB_URL}/rest", username=ADMIN_TOKEN, password="", timeout=20)


def delete(name):
    reply = request("DELETE", f"/rest/items/{name}")
    expect(reply.status == 200, f"DELETE {name} answered {reply.status}")


def round_trip(name, type_name, send, expected, quantity_type=None, update=False):
    """Creates `name`, sends `send` and reads what the item then holds."""

    def check():
        hub.create_or_update_item(name, type_name, quantity_type=quantity_type, label=f"{type_name} check")
        item = hub.get_item(name)
        (item.update if update else item.command)(send)
        read = hub.get_item(name).state
        expect(read == expected, f"{type_name} {name} holds {read!r} after {send!r}, not {expected!r}")
        delete(name)

    return check


def dimensioned_number():
    hub.create_or_update_item("Py_Temperature", "Number", quantity_type="Temperature")
    item = hub.get_item("Py_Temperature")
    item.command((21.5, "°C"))
    read = hub.get_item("Py_Temperature")
    expect((read.state, read.unit_of_measure) == (21.5, "°C"), f"Number:Temperature holds {read.state!r} {read.unit_of_measure!r}")
    delete("Py_Temperature")


def group_commands_reach_members():
    hub.create_or_update_item("Py_Lights", "Group", group_type="Switch")
    for name in ("Py_Lamp_1", "Py_Lamp_2"):
        hub.create_or_update_item(name, "Switch", group_names=["Py_Lights"])
    hub.get_item("Py_Lights").command("ON")
    states = [hub.get_item(name).state for name in ("Py_Lamp_1", "Py_Lamp_2")]
    expect(states == ["ON", "ON"], f"the members hold {states}")
    members = sorted(hub.get_item_raw("Py_Lights")["members"], key=lambda member: member["name"])
    expect([member["name"] for member in members] == ["Py_Lamp_1", "Py_Lamp_2"], f"the group lists {members}")
    for name in ("Py_Lamp_1", "Py_Lamp_2", "Py_Lights"):
        delete(name)


def created_and_read(type_name):
    def check():
        name = f"Py_{type_name}"
        hub.create_or_update_item(name, type_name)
        item = hub.get_item(name)
        expect(item.type_ == type_name and item.state is None, f"{type_name} reads as {item.type_} {item.state!r}")
        delete(name)

    return check


def every_item_is_listed():
    hub.create_or_update_item("Py_Listed", "String", label="listed")
    items = hub.fetch_all_items()
    expect("Py_Listed" in items and items["Py_Listed"].label == "listed", f"fetch_all_items has {sorted(items)[:10]}")
    delete("Py_Listed")


if __name__ == "__main__":
    moment = datetime.datetime(2026, 7, 1, 9, 30, 15, 250000, tzinfo=datetime.timezone(datetime.timedelta(hours=2)))
    checks = Checks()
    checks.run("python-openhab Switch", round_trip("Py_Switch", "Switch", "ON", "ON"))
    checks.run("python-openhab Contact", round_trip("Py_Contact", "Contact", "OPEN", "OPEN", update=True))
    checks.run("python-openhab Dimmer", round_trip("Py_Dimmer", "Dimmer", 42, 42))
    checks.run("python-openhab Color", round_trip("Py_Color", "Color", (120, 100, 50), (120, 100, 50)))
    checks.run("python-openhab Rollershutter", round_trip("Py_Shutter", "Rollershutter", 30, 30))
    checks.run("python-openhab Rollershutter UP", round_trip("Py_Shutter_Up", "Rollershutter", "UP", 0))
    checks.run("python-openhab Number", round_trip("Py_Number", "Number", 12.75, 12.75))
    checks.run("python-openhab Number:Temperature", dimensioned_number)
    checks.run("python-openhab String", round_trip("Py_String", "String", "Grüße aus dem Haus", "Grüße aus dem Haus"))
    checks.run("python-openhab DateTime", round_trip("Py_DateTime", "DateTime", moment, moment))
    checks.run("python-openhab Location", round_trip("Py_Location", "Location", (47.4979, 19.0402, 96.0), (47.4979, 19.0402, 96.0)))
    checks.run("python-openhab Player", round_trip("Py_Player", "Player", "PLAY", "PLAY"))
    checks.run("python-openhab Group of Switches", group_commands_reach_members)
    checks.run("python-openhab Image", created_and_read("Image"))
    checks.run("python-openhab Call", created_and_read("Call"))
    checks.run("python-openhab lists every item", every_item_is_listed)
    checks.finish()
