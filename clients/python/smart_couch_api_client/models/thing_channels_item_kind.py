from enum import StrEnum


class ThingChannelsItemKind(StrEnum):
    STATE = "STATE"
    TRIGGER = "TRIGGER"

    def __str__(self) -> str:
        return str(self.value)
