"""openhab-test-suite's item and thing checks (over python-openhab-rest-client) against the hub. Its
item tests command an item, wait for the change on the event stream and put the item back; its thing
checks read a thing's status and enable or disable it. Its enable and disable calls report success
whatever the hub answers, so their effect is read back."""
from openhab import OpenHABClient
from openhab_test_suite import ItemTester, ThingTester

from hub import ADMIN_TOKEN, HUB_URL, Checks, expect

client = OpenHABClient(url=HUB_URL, token=ADMIN_TOKEN)
items = ItemTester(client)
things = ThingTester(client)


def item_test(test, name, command, expected):
    def check():
        expect(test(name, command, expected, timeout=30), f"{test.__name__}({name}, {command!r}) did not see {expected!r}")

    return check


def item_lookups():
    expect(items.doesItemExist("Suite_Switch"), "Suite_Switch does not exist")
    expect(not items.doesItemExist("Suite_Nothing"), "Suite_Nothing exists")
    expect(items.checkItemIsType("Suite_Temperature", "Number"), "Suite_Temperature is no Number")
    expect(items.isGroupItem("Suite_Group"), "Suite_Group is no group")
    expect(items.doesGroupContainMember("Suite_Group", "Suite_Switch"), "Suite_Group lacks Suite_Switch")
    expect(items.checkGroupMemberState("Suite_Group", "Suite_Switch", "OFF"), "Suite_Switch is not OFF in its group")


def thing_states():
    expect(things.isThingOnline("sim:smartlock:front"), "the front lock is not ONLINE")
    expect(things.isThingOffline("sim:smartplug:kitchen"), "the kitchen plug is not OFFLINE")
    expect(not things.isThingOnline("sim:smartlock:nowhere"), "a thing that does not exist is ONLINE")


def thing_disabled_and_enabled():
    expect(things.disableThing("sim:thermostat:living"), "disableThing failed")
    expect(things.isThingUninitialized("sim:thermostat:living"), "the disabled thermostat is not UNINITIALIZED")
    expect(things.enableThing("sim:thermostat:living"), "enableThing failed")
    expect(things.isThingOnline("sim:thermostat:living"), "the enabled thermostat is not ONLINE again")


if __name__ == "__main__":
    checks = Checks()
    checks.run("openhab-test-suite item lookups", item_lookups)
    checks.run("openhab-test-suite testSwitch", item_test(items.testSwitch, "Suite_Switch", "ON", "ON"))
    checks.run("openhab-test-suite testDimmer", item_test(items.testDimmer, "Suite_Dimmer", "40", "40"))
    checks.run("openhab-test-suite testColor", item_test(items.testColor, "Suite_Color", "240,100,100", "240,100,100"))
    checks.run("openhab-test-suite testRollershutter", item_test(items.testRollershutter, "Suite_Shutter", "DOWN", "100"))
    checks.run("openhab-test-suite testNumber", item_test(items.testNumber, "Suite_Temperature", "22.5 °C", "22.5 °C"))
    checks.run("openhab-test-suite testString", item_test(items.testString, "Suite_String", "away", "away"))
    checks.run("openhab-test-suite testContact", item_test(items.testContact, "Suite_Contact", "OPEN", "OPEN"))
    checks.run("openhab-test-suite testDateTime", item_test(
        items.testDateTime, "Suite_DateTime", "2026-07-01T09:30:00.000+0200", "2026-07-01T09:30:00.000+0200"))
    checks.run("openhab-test-suite testLocation", item_test(items.testLocation, "Suite_Location", "47.4979,19.0402", "47.4979,19.0402"))
    checks.run("openhab-test-suite testPlayer", item_test(items.testPlayer, "Suite_Player", "PLAY", "PLAY"))
    checks.run("openhab-test-suite thing statuses", thing_states)
    checks.run("openhab-test-suite thing disabled and enabled", thing_disabled_and_enabled)
    checks.finish()
