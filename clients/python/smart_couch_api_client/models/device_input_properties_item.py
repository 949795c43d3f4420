from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DeviceInputPropertiesItem")


@_attrs_define
class DeviceInputPropertiesItem:
    """
    Attributes:
        channel_uid (str):
        initial_state (float | str | Unset): ON/OFF, or a number (as a number or a string): a point or a comma before
            the decimals (`22.5`, `22,5`); a temperature may carry its unit, `°C` (the default), `°F` or `K`, and is sent to
            the hub in °C. Anything else after the number (`22abc`, `22 mK`) is a 422: a value is taken whole or refused,
            never cut short.
    """

    channel_uid: str
    initial_state: float | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        channel_uid = self.channel_uid

        initial_state: float | str | Unset
        if isinstance(self.initial_state, Unset):
            initial_state = UNSET
        else:
            initial_state = self.initial_state

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "channelUID": channel_uid,
            }
        )
        if initial_state is not UNSET:
            field_dict["initialState"] = initial_state

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        channel_uid = d.pop("channelUID")

        def _parse_initial_state(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        initial_state = _parse_initial_state(d.pop("initialState", UNSET))

        device_input_properties_item = cls(
            channel_uid=channel_uid,
            initial_state=initial_state,
        )

        device_input_properties_item.additional_properties = d
        return device_input_properties_item

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
