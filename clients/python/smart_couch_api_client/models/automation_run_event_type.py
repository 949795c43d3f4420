from enum import StrEnum


class AutomationRunEventType(StrEnum):
    AUTOMATION_RUN = "automation.run"

    def __str__(self) -> str:
        return str(self.value)
