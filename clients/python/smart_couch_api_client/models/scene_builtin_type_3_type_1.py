from enum import StrEnum


class SceneBuiltinType3Type1(StrEnum):
    ECO = "eco"
    WELCOME = "welcome"

    def __str__(self) -> str:
        return str(self.value)
