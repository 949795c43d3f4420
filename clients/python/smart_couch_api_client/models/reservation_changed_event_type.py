from enum import StrEnum


class ReservationChangedEventType(StrEnum):
    RESERVATION_CHANGED = "reservation.changed"

    def __str__(self) -> str:
        return str(self.value)
