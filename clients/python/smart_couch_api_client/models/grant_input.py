from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GrantInput")


@_attrs_define
class GrantInput:
    """
    Attributes:
        couch_id (UUID):
        user_id (UUID):
        starts_at (datetime.datetime):
        ends_at (datetime.datetime):
    """

    couch_id: UUID
    user_id: UUID
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        couch_id = str(self.couch_id)

        user_id = str(self.user_id)

        starts_at = self.starts_at.isoformat()

        ends_at = self.ends_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "couchId": couch_id,
                "userId": user_id,
                "startsAt": starts_at,
                "endsAt": ends_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        couch_id = UUID(d.pop("couchId"))

        user_id = UUID(d.pop("userId"))

        starts_at = datetime.datetime.fromisoformat(d.pop("startsAt"))

        ends_at = datetime.datetime.fromisoformat(d.pop("endsAt"))

        grant_input = cls(
            couch_id=couch_id,
            user_id=user_id,
            starts_at=starts_at,
            ends_at=ends_at,
        )

        grant_input.additional_properties = d
        return grant_input

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
