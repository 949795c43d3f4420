from enum import StrEnum


class StayCheckedOutEventType(StrEnum):
    STAY_CHECKED_OUT = "stay.checked_out"

    def __str__(self) -> str:
        return str(self.value)
