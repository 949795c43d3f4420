from enum import StrEnum


class SearchCouchesSort(StrEnum):
    NEWEST = "newest"
    PRICE = "price"
    RATING = "rating"

    def __str__(self) -> str:
        return str(self.value)
