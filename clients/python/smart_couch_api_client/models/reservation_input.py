from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ReservationInput")


@_attrs_define
class ReservationInput:
    """
    Attributes:
        couch_id (UUID):
        check_in (datetime.date): The first night; today or later on the couch's calendar.
        check_out (datetime.date): The day of leaving (no night); at most 365 nights after checkIn.
        guests (int): At most the couch's maxGuests.
    """

    couch_id: UUID
    check_in: datetime.date
    check_out: datetime.date
    guests: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        couch_id = str(self.couch_id)

        check_in = self.check_in.isoformat()

        check_out = self.check_out.isoformat()

        guests = self.guests

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "couchId": couch_id,
                "checkIn": check_in,
                "checkOut": check_out,
                "guests": guests,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        couch_id = UUID(d.pop("couchId"))

        check_in = datetime.date.fromisoformat(d.pop("checkIn"))

        check_out = datetime.date.fromisoformat(d.pop("checkOut"))

        guests = d.pop("guests")

        reservation_input = cls(
            couch_id=couch_id,
            check_in=check_in,
            check_out=check_out,
            guests=guests,
        )

        reservation_input.additional_properties = d
        return reservation_input

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
