from enum import StrEnum


class DeviceStateChangedEventType(StrEnum):
    DEVICE_STATE_CHANGED = "device.state_changed"

    def __str__(self) -> str:
        return str(self.value)
