"""The one rule HABApp runs against the hub: the hall light follows the front door, on when it opens
and off when it closes. It says it is loaded by switching Rule_Loaded on."""
import HABApp
from HABApp.core.events import ValueChangeEventFilter
from HABApp.openhab.items import ContactItem, SwitchItem


class DoorLight(HABApp.Rule):
    def __init__(self) -> None:
        super().__init__()
        self.door = ContactItem.get_item("Front_Door")
        self.light = SwitchItem.get_item("Hall_Light")
        self.door.listen_event(self.door_changed, ValueChangeEventFilter())

    def on_rule_loaded(self) -> None:
        SwitchItem.get_item("Rule_Loaded").oh_send_command("ON")

    def door_changed(self, event) -> None:
        self.light.oh_send_command("ON" if event.value == "OPEN" else "OFF")


DoorLight()
