from enum import StrEnum


class DoorUnlockedEventType(StrEnum):
    DOOR_UNLOCKED = "door.unlocked"

    def __str__(self) -> str:
        return str(self.value)
