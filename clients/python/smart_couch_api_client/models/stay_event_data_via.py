from enum import StrEnum


class StayEventDataVia(StrEnum):
    APP = "app"
    CODE = "code"
    GUEST = "guest"
    HOST = "host"
    LINK = "link"

    def __str__(self) -> str:
        return str(self.value)
