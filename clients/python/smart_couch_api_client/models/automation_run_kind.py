from enum import StrEnum


class AutomationRunKind(StrEnum):
    AFTERCHECKOUT = "afterCheckOut"
    ARRIVAL = "arrival"
    BEFORECHECKIN = "beforeCheckIn"
    TIME = "time"
    VACANCY = "vacancy"

    def __str__(self) -> str:
        return str(self.value)
