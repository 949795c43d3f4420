from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DeviceItem")


@_attrs_define
class DeviceItem:
    """
    Attributes:
        id (UUID):
        item_name (str):
        channel_uid (str):
        item_type (str):
        label (str):
        state (str | Unset): The hub's current state, e.g. ON or 21.5 °C; absent when the hub could not be asked.
        last_state (str | Unset): What the hub last reported on its event stream; absent until it reports.
        last_state_at (datetime.datetime | Unset):
    """

    id: UUID
    item_name: str
    channel_uid: str
    item_type: str
    label: str
    state: str | Unset = UNSET
    last_state: str | Unset = UNSET
    last_state_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        item_name = self.item_name

        channel_uid = self.channel_uid

        item_type = self.item_type

        label = self.label

        state = self.state

        last_state = self.last_state

        last_state_at: str | Unset = UNSET
        if not isinstance(self.last_state_at, Unset):
            last_state_at = self.last_state_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "itemName": item_name,
                "channelUID": channel_uid,
                "itemType": item_type,
                "label": label,
            }
        )
        if state is not UNSET:
            field_dict["state"] = state
        if last_state is not UNSET:
            field_dict["lastState"] = last_state
        if last_state_at is not UNSET:
            field_dict["lastStateAt"] = last_state_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        item_name = d.pop("itemName")

        channel_uid = d.pop("channelUID")

        item_type = d.pop("itemType")

        label = d.pop("label")

        state = d.pop("state", UNSET)

        last_state = d.pop("lastState", UNSET)

        _last_state_at = d.pop("lastStateAt", UNSET)
        last_state_at: datetime.datetime | Unset
        if isinstance(_last_state_at, Unset):
            last_state_at = UNSET
        else:
            last_state_at = datetime.datetime.fromisoformat(_last_state_at)

        device_item = cls(
            id=id,
            item_name=item_name,
            channel_uid=channel_uid,
            item_type=item_type,
            label=label,
            state=state,
            last_state=last_state,
            last_state_at=last_state_at,
        )

        device_item.additional_properties = d
        return device_item

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
