from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PresenceInput")


@_attrs_define
class PresenceInput:
    """
    Attributes:
        enabled (bool | Unset): On needs at least one light.
        light_ids (list[UUID] | Unset): Devices of type `light` of this couch.
        from_ (str | Unset): The evening window's start, the couch's local time.
        until (str | Unset): Its end, at least 30 minutes after `from` on the same day.
        max_on_minutes (int | Unset): The longest a light stays on at once.
    """

    enabled: bool | Unset = UNSET
    light_ids: list[UUID] | Unset = UNSET
    from_: str | Unset = UNSET
    until: str | Unset = UNSET
    max_on_minutes: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        light_ids: list[str] | Unset = UNSET
        if not isinstance(self.light_ids, Unset):
            light_ids = []
            for light_ids_item_data in self.light_ids:
                light_ids_item = str(light_ids_item_data)
                light_ids.append(light_ids_item)

        from_ = self.from_

        until = self.until

        max_on_minutes = self.max_on_minutes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if light_ids is not UNSET:
            field_dict["lightIds"] = light_ids
        if from_ is not UNSET:
            field_dict["from"] = from_
        if until is not UNSET:
            field_dict["until"] = until
        if max_on_minutes is not UNSET:
            field_dict["maxOnMinutes"] = max_on_minutes

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        enabled = d.pop("enabled", UNSET)

        _light_ids = d.pop("lightIds", UNSET)
        light_ids: list[UUID] | Unset = UNSET
        if _light_ids is not UNSET:
            light_ids = []
            for light_ids_item_data in _light_ids:
                light_ids_item = UUID(light_ids_item_data)

                light_ids.append(light_ids_item)

        from_ = d.pop("from", UNSET)

        until = d.pop("until", UNSET)

        max_on_minutes = d.pop("maxOnMinutes", UNSET)

        presence_input = cls(
            enabled=enabled,
            light_ids=light_ids,
            from_=from_,
            until=until,
            max_on_minutes=max_on_minutes,
        )

        presence_input.additional_properties = d
        return presence_input

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
