from enum import StrEnum


class ReservationCancellationPolicy(StrEnum):
    FLEXIBLE = "flexible"
    MODERATE = "moderate"
    STRICT = "strict"

    def __str__(self) -> str:
        return str(self.value)
