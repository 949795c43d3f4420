from enum import StrEnum


class ConflictHeldBySource(StrEnum):
    BLOCK = "block"
    BOOKING = "booking"
    IMPORT = "import"
    TURNOVER = "turnover"

    def __str__(self) -> str:
        return str(self.value)
