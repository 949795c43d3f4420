from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PresenceSimulationTonightItem")


@_attrs_define
class PresenceSimulationTonightItem:
    """
    Attributes:
        device_id (UUID):
        on (datetime.datetime):
        off (datetime.datetime):
    """

    device_id: UUID
    on: datetime.datetime
    off: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        device_id = str(self.device_id)

        on = self.on.isoformat()

        off = self.off.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deviceId": device_id,
                "on": on,
                "off": off,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        device_id = UUID(d.pop("deviceId"))

        on = datetime.datetime.fromisoformat(d.pop("on"))

        off = datetime.datetime.fromisoformat(d.pop("off"))

        presence_simulation_tonight_item = cls(
            device_id=device_id,
            on=on,
            off=off,
        )

        presence_simulation_tonight_item.additional_properties = d
        return presence_simulation_tonight_item

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
