from enum import StrEnum


class SceneRunResultsItemOutcome(StrEnum):
    DENIED = "denied"
    FAILED = "failed"
    OK = "ok"
    UNCONFIRMED = "unconfirmed"

    def __str__(self) -> str:
        return str(self.value)
