from enum import StrEnum


class CalendarConflictEventDataKind(StrEnum):
    BLOCK = "block"
    STAY = "stay"

    def __str__(self) -> str:
        return str(self.value)
