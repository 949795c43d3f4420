from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RatingInput")


@_attrs_define
class RatingInput:
    """Exactly one of reservationId and couchId.

    Attributes:
        stars (int):
        reservation_id (UUID | Unset):
        couch_id (UUID | Unset): Rates the caller's one completed
        comment (str | Unset):  Default: ''.
    """

    stars: int
    reservation_id: UUID | Unset = UNSET
    couch_id: UUID | Unset = UNSET
    comment: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        stars = self.stars

        reservation_id: str | Unset = UNSET
        if not isinstance(self.reservation_id, Unset):
            reservation_id = str(self.reservation_id)

        couch_id: str | Unset = UNSET
        if not isinstance(self.couch_id, Unset):
            couch_id = str(self.couch_id)

        comment = self.comment

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "stars": stars,
            }
        )
        if reservation_id is not UNSET:
            field_dict["reservationId"] = reservation_id
        if couch_id is not UNSET:
            field_dict["couchId"] = couch_id
        if comment is not UNSET:
            field_dict["comment"] = comment

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        stars = d.pop("stars")

        _reservation_id = d.pop("reservationId", UNSET)
        reservation_id: UUID | Unset
        if isinstance(_reservation_id, Unset):
            reservation_id = UNSET
        else:
            reservation_id = UUID(_reservation_id)

        _couch_id = d.pop("couchId", UNSET)
        couch_id: UUID | Unset
        if isinstance(_couch_id, Unset):
            couch_id = UNSET
        else:
            couch_id = UUID(_couch_id)

        comment = d.pop("comment", UNSET)

        rating_input = cls(
            stars=stars,
            reservation_id=reservation_id,
            couch_id=couch_id,
            comment=comment,
        )

        rating_input.additional_properties = d
        return rating_input

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
