from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SharedThing")


@_attrs_define
class SharedThing:
    """
    Attributes:
        thing_uid (str):
        label (str | Unset):
        couch_id (UUID | Unset): Absent while the Thing serves no couch.
        assigned_at (datetime.datetime | Unset):
    """

    thing_uid: str
    label: str | Unset = UNSET
    couch_id: UUID | Unset = UNSET
    assigned_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        thing_uid = self.thing_uid

        label = self.label

        couch_id: str | Unset = UNSET
        if not isinstance(self.couch_id, Unset):
            couch_id = str(self.couch_id)

        assigned_at: str | Unset = UNSET
        if not isinstance(self.assigned_at, Unset):
            assigned_at = self.assigned_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "thingUID": thing_uid,
            }
        )
        if label is not UNSET:
            field_dict["label"] = label
        if couch_id is not UNSET:
            field_dict["couchId"] = couch_id
        if assigned_at is not UNSET:
            field_dict["assignedAt"] = assigned_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        thing_uid = d.pop("thingUID")

        label = d.pop("label", UNSET)

        _couch_id = d.pop("couchId", UNSET)
        couch_id: UUID | Unset
        if isinstance(_couch_id, Unset):
            couch_id = UNSET
        else:
            couch_id = UUID(_couch_id)

        _assigned_at = d.pop("assignedAt", UNSET)
        assigned_at: datetime.datetime | Unset
        if isinstance(_assigned_at, Unset):
            assigned_at = UNSET
        else:
            assigned_at = datetime.datetime.fromisoformat(_assigned_at)

        shared_thing = cls(
            thing_uid=thing_uid,
            label=label,
            couch_id=couch_id,
            assigned_at=assigned_at,
        )

        shared_thing.additional_properties = d
        return shared_thing

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
