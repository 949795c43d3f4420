from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ThingAssignment")


@_attrs_define
class ThingAssignment:
    """
    Attributes:
        thing_uid (str):
        couch_id (UUID):
        assigned_at (datetime.datetime):
    """

    thing_uid: str
    couch_id: UUID
    assigned_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        thing_uid = self.thing_uid

        couch_id = str(self.couch_id)

        assigned_at = self.assigned_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "thingUID": thing_uid,
                "couchId": couch_id,
                "assignedAt": assigned_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        thing_uid = d.pop("thingUID")

        couch_id = UUID(d.pop("couchId"))

        assigned_at = datetime.datetime.fromisoformat(d.pop("assignedAt"))

        thing_assignment = cls(
            thing_uid=thing_uid,
            couch_id=couch_id,
            assigned_at=assigned_at,
        )

        thing_assignment.additional_properties = d
        return thing_assignment

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
