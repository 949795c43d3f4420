from enum import StrEnum


class EventType(StrEnum):
    AUTOMATION_RUN = "automation.run"
    CALENDAR_CONFLICT = "calendar.conflict"
    CALENDAR_SYNC_FAILED = "calendar.sync_failed"
    CODE_ACTIVE = "code.active"
    CODE_CLEARED = "code.cleared"
    CODE_FAILED = "code.failed"
    DEVICE_COMMAND_FAILED = "device.command_failed"
    DEVICE_STATE_CHANGED = "device.state_changed"
    DOOR_UNLOCKED = "door.unlocked"
    HUB_OFFLINE = "hub.offline"
    HUB_ONLINE = "hub.online"
    MESSAGE_CREATED = "message.created"
    RESERVATION_CANCELLED = "reservation.cancelled"
    RESERVATION_CHANGED = "reservation.changed"
    RESERVATION_CREATED = "reservation.created"
    STAY_CHECKED_IN = "stay.checked_in"
    STAY_CHECKED_OUT = "stay.checked_out"

    def __str__(self) -> str:
        return str(self.value)
