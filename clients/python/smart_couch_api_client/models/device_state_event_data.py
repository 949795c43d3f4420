from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DeviceStateEventData")


@_attrs_define
class DeviceStateEventData:
    """`device.state_changed`: a device item reported a new state on its hub.

    Attributes:
        device_id (UUID):
        device_type (str):
        item_name (str):
        state (str):
    """

    device_id: UUID
    device_type: str
    item_name: str
    state: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        device_id = str(self.device_id)

        device_type = self.device_type

        item_name = self.item_name

        state = self.state

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deviceId": device_id,
                "deviceType": device_type,
                "itemName": item_name,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        device_id = UUID(d.pop("deviceId"))

        device_type = d.pop("deviceType")

        item_name = d.pop("itemName")

        state = d.pop("state")

        device_state_event_data = cls(
            device_id=device_id,
            device_type=device_type,
            item_name=item_name,
            state=state,
        )

        device_state_event_data.additional_properties = d
        return device_state_event_data

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
