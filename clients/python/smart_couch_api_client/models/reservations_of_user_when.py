from enum import StrEnum


class ReservationsOfUserWhen(StrEnum):
    PAST = "past"
    UPCOMING = "upcoming"

    def __str__(self) -> str:
        return str(self.value)
