"""HABApp's rule against the hub: once HABApp has started through (it waits for start level 100), loaded
the items and the rule (which switches Rule_Loaded on), the door is opened and closed over REST and
the hall light must follow through the rule's commands on the event WebSocket."""
from hub import Checks, expect, request, state, wait_until


def set_door(position):
    reply = request("PUT", "/rest/items/Front_Door/state", position, "text/plain")
    expect(reply.status == 202, f"PUT Front_Door/state answered {reply.status}")


def rule_loaded():
    # HABApp's start (a Python interpreter, its items and the rule file) takes a while on a loaded machine.
    wait_until("HABApp to load the rule", lambda: state("Rule_Loaded") == "ON", limit=180)


def light_follows_door():
    set_door("OPEN")
    wait_until("the hall light to go on", lambda: state("Hall_Light") == "ON")
    set_door("CLOSED")
    wait_until("the hall light to go off", lambda: state("Hall_Light") == "OFF")


if __name__ == "__main__":
    checks = Checks()
    checks.run("HABApp starts and loads its rule", rule_loaded)
    checks.run("HABApp's rule commands the light when the door changes", light_follows_door)
    checks.finish()
