from enum import StrEnum


class HubOnlineEventType(StrEnum):
    HUB_ONLINE = "hub.online"

    def __str__(self) -> str:
        return str(self.value)
