from enum import StrEnum


class StayRulesCancellationPolicy(StrEnum):
    FLEXIBLE = "flexible"
    MODERATE = "moderate"
    STRICT = "strict"

    def __str__(self) -> str:
        return str(self.value)
