from enum import StrEnum


class HubOfflineEventType(StrEnum):
    HUB_OFFLINE = "hub.offline"

    def __str__(self) -> str:
        return str(self.value)
