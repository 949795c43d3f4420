from enum import StrEnum


class CodeFailedEventType(StrEnum):
    CODE_FAILED = "code.failed"

    def __str__(self) -> str:
        return str(self.value)
