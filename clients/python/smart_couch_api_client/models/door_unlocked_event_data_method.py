from enum import StrEnum


class DoorUnlockedEventDataMethod(StrEnum):
    APP = "app"
    CODE = "code"
    HAND = "hand"

    def __str__(self) -> str:
        return str(self.value)
