from enum import StrEnum


class CodeClearedEventType(StrEnum):
    CODE_CLEARED = "code.cleared"

    def __str__(self) -> str:
        return str(self.value)
