from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CodeSlots")


@_attrs_define
class CodeSlots:
    """The user-code slots of a keypad lock's Thing that SmartCouch manages; the others are the host's own and never
    touched.

        Attributes:
            first (int):
            last (int):
            take_over (bool | Unset): On creation only (never answered): a slot of the range that already holds a code
                refuses the device with a 422 naming the slots, unless this is true; then the door-code job clears those codes
                at its next run. Default: False.
    """

    first: int
    last: int
    take_over: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        first = self.first

        last = self.last

        take_over = self.take_over

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "first": first,
                "last": last,
            }
        )
        if take_over is not UNSET:
            field_dict["takeOver"] = take_over

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        first = d.pop("first")

        last = d.pop("last")

        take_over = d.pop("takeOver", UNSET)

        code_slots = cls(
            first=first,
            last=last,
            take_over=take_over,
        )

        code_slots.additional_properties = d
        return code_slots

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
