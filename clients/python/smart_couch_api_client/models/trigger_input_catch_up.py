from enum import StrEnum


class TriggerInputCatchUp(StrEnum):
    ONCE = "once"
    SKIP = "skip"

    def __str__(self) -> str:
        return str(self.value)
