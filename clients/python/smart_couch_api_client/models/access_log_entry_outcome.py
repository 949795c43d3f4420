from enum import StrEnum


class AccessLogEntryOutcome(StrEnum):
    DENIED = "denied"
    FAILED = "failed"
    OK = "ok"
    UNCONFIRMED = "unconfirmed"

    def __str__(self) -> str:
        return str(self.value)
