from enum import StrEnum


class CalendarSyncFailedEventType(StrEnum):
    CALENDAR_SYNC_FAILED = "calendar.sync_failed"

    def __str__(self) -> str:
        return str(self.value)
