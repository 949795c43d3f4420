from enum import StrEnum


class CommandFailedEventDataOutcome(StrEnum):
    FAILED = "failed"
    UNCONFIRMED = "unconfirmed"

    def __str__(self) -> str:
        return str(self.value)
