from enum import StrEnum


class JobRunTrigger(StrEnum):
    OPERATOR = "operator"
    SCHEDULE = "schedule"

    def __str__(self) -> str:
        return str(self.value)
