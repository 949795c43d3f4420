from enum import StrEnum


class ConflictImportedKind(StrEnum):
    BLOCK = "block"
    STAY = "stay"

    def __str__(self) -> str:
        return str(self.value)
