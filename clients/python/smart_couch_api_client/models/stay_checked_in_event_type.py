from enum import StrEnum


class StayCheckedInEventType(StrEnum):
    STAY_CHECKED_IN = "stay.checked_in"

    def __str__(self) -> str:
        return str(self.value)
