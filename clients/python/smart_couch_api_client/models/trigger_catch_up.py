from enum import StrEnum


class TriggerCatchUp(StrEnum):
    ONCE = "once"
    SKIP = "skip"

    def __str__(self) -> str:
        return str(self.value)
