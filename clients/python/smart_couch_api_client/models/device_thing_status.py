from enum import StrEnum


class DeviceThingStatus(StrEnum):
    INITIALIZING = "INITIALIZING"
    OFFLINE = "OFFLINE"
    ONLINE = "ONLINE"
    REMOVED = "REMOVED"
    REMOVING = "REMOVING"
    UNINITIALIZED = "UNINITIALIZED"
    UNKNOWN = "UNKNOWN"

    def __str__(self) -> str:
        return str(self.value)
