from enum import StrEnum


class ReservationCreatedEventType(StrEnum):
    RESERVATION_CREATED = "reservation.created"

    def __str__(self) -> str:
        return str(self.value)
