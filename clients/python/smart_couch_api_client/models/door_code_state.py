from enum import StrEnum


class DoorCodeState(StrEnum):
    ACTIVE = "active"
    CLEARED = "cleared"
    CLEARING = "clearing"
    FAILED = "failed"
    SCHEDULED = "scheduled"
    SETTING = "setting"

    def __str__(self) -> str:
        return str(self.value)
