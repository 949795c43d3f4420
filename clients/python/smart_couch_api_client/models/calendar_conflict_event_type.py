from enum import StrEnum


class CalendarConflictEventType(StrEnum):
    CALENDAR_CONFLICT = "calendar.conflict"

    def __str__(self) -> str:
        return str(self.value)
