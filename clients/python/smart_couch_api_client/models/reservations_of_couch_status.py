from enum import StrEnum


class ReservationsOfCouchStatus(StrEnum):
    CANCELLED = "cancelled"
    CONFIRMED = "confirmed"
    DECLINED = "declined"
    EXPIRED = "expired"
    REQUESTED = "requested"

    def __str__(self) -> str:
        return str(self.value)
