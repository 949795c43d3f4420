from enum import StrEnum


class StayAccessSource(StrEnum):
    BOOKING = "booking"
    IMPORT = "import"

    def __str__(self) -> str:
        return str(self.value)
