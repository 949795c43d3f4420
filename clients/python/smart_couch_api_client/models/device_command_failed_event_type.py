from enum import StrEnum


class DeviceCommandFailedEventType(StrEnum):
    DEVICE_COMMAND_FAILED = "device.command_failed"

    def __str__(self) -> str:
        return str(self.value)
