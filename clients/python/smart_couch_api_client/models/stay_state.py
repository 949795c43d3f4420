from enum import StrEnum


class StayState(StrEnum):
    CHECKEDIN = "checkedIn"
    CHECKEDOUT = "checkedOut"
    INPROGRESS = "inProgress"
    UPCOMING = "upcoming"

    def __str__(self) -> str:
        return str(self.value)
