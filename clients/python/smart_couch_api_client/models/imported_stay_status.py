from enum import StrEnum


class ImportedStayStatus(StrEnum):
    CONFIRMED = "confirmed"
    CONFLICT = "conflict"

    def __str__(self) -> str:
        return str(self.value)
