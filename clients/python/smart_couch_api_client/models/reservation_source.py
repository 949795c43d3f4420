from enum import StrEnum


class ReservationSource(StrEnum):
    BOOKING = "booking"

    def __str__(self) -> str:
        return str(self.value)
