from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Rating")


@_attrs_define
class Rating:
    """
    Attributes:
        id (UUID):
        couch_id (UUID):
        reservation_id (UUID):
        author_id (UUID):
        author_name (str):
        stars (int):
        comment (str):
        created_at (datetime.datetime):
    """

    id: UUID
    couch_id: UUID
    reservation_id: UUID
    author_id: UUID
    author_name: str
    stars: int
    comment: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        couch_id = str(self.couch_id)

        reservation_id = str(self.reservation_id)

        author_id = str(self.author_id)

        author_name = self.author_name

        stars = self.stars

        comment = self.comment

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "couchId": couch_id,
                "reservationId": reservation_id,
                "authorId": author_id,
                "authorName": author_name,
                "stars": stars,
                "comment": comment,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        couch_id = UUID(d.pop("couchId"))

        reservation_id = UUID(d.pop("reservationId"))

        author_id = UUID(d.pop("authorId"))

        author_name = d.pop("authorName")

        stars = d.pop("stars")

        comment = d.pop("comment")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        rating = cls(
            id=id,
            couch_id=couch_id,
            reservation_id=reservation_id,
            author_id=author_id,
            author_name=author_name,
            stars=stars,
            comment=comment,
            created_at=created_at,
        )

        rating.additional_properties = d
        return rating

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
