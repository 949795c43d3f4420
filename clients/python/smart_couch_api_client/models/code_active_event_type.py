from enum import StrEnum


class CodeActiveEventType(StrEnum):
    CODE_ACTIVE = "code.active"

    def __str__(self) -> str:
        return str(self.value)
