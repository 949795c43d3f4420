from enum import StrEnum


class ImportedStaySource(StrEnum):
    IMPORT = "import"

    def __str__(self) -> str:
        return str(self.value)
