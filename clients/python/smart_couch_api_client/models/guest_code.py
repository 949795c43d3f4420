from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.door_code_state import DoorCodeState
from ..types import UNSET, Unset

T = TypeVar("T", bound="GuestCode")


@_attrs_define
class GuestCode:
    """
    Attributes:
        code (str):
        valid_from (datetime.datetime):
        valid_until (datetime.datetime):
        state (DoorCodeState): Decided afresh at every run of the door-code job from the stays and code settings as they
            are then and the lock as read back. scheduled: off the lock, written 2 minutes before its window opens (also a
            code taken off again because its stay or the settings moved its window away from now); setting: written, not yet
            read back; active: on the lock as read back; failed: due but not on the lock as read back (lastError says why:
            the hub's answer, or no free slot), tried again at every run; clearing: its stay ended, was cancelled or checked
            out, or its lock went, being removed; cleared: off the lock for good. A stay whose code was cleared and whose
            window opens again (given its nights back, grace widened) gets a new code.
        door (str | Unset): The lock's device name.
    """

    code: str
    valid_from: datetime.datetime
    valid_until: datetime.datetime
    state: DoorCodeState
    door: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        valid_from = self.valid_from.isoformat()

        valid_until = self.valid_until.isoformat()

        state = self.state.value

        door = self.door

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "validFrom": valid_from,
                "validUntil": valid_until,
                "state": state,
            }
        )
        if door is not UNSET:
            field_dict["door"] = door

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        valid_from = datetime.datetime.fromisoformat(d.pop("validFrom"))

        valid_until = datetime.datetime.fromisoformat(d.pop("validUntil"))

        state = DoorCodeState(d.pop("state"))

        door = d.pop("door", UNSET)

        guest_code = cls(
            code=code,
            valid_from=valid_from,
            valid_until=valid_until,
            state=state,
            door=door,
        )

        guest_code.additional_properties = d
        return guest_code

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
