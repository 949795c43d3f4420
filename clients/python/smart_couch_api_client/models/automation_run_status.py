from enum import StrEnum


class AutomationRunStatus(StrEnum):
    FAILED = "failed"
    RUNNING = "running"
    SKIPPED = "skipped"
    SUCCEEDED = "succeeded"

    def __str__(self) -> str:
        return str(self.value)
