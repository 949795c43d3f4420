from enum import StrEnum


class ReservationCancelledEventType(StrEnum):
    RESERVATION_CANCELLED = "reservation.cancelled"

    def __str__(self) -> str:
        return str(self.value)
