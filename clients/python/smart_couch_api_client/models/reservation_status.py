from enum import StrEnum


class ReservationStatus(StrEnum):
    CANCELLED = "cancelled"
    CONFIRMED = "confirmed"
    DECLINED = "declined"
    EXPIRED = "expired"
    REQUESTED = "requested"

    def __str__(self) -> str:
        return str(self.value)
