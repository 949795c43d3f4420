from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

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

    def to_dict(self) -> dict[str, Any]:
        device_id = str(self.device_id)

        device_type = self.device_type

        item_name = self.item_name

        state = self.state

        field_dict: dict[str, Any] = {}

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

        return device_state_event_data
