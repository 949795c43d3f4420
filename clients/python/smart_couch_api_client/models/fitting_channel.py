from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="FittingChannel")


@_attrs_define
class FittingChannel:
    """
    Attributes:
        thing_uid (str):
        channel_uid (str):
        channel_id (str):
        thing_label (str | Unset):
        item_type (str | Unset):
        label (str | Unset):
    """

    thing_uid: str
    channel_uid: str
    channel_id: str
    thing_label: str | Unset = UNSET
    item_type: str | Unset = UNSET
    label: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        thing_uid = self.thing_uid

        channel_uid = self.channel_uid

        channel_id = self.channel_id

        thing_label = self.thing_label

        item_type = self.item_type

        label = self.label

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "thingUID": thing_uid,
                "channelUID": channel_uid,
                "channelId": channel_id,
            }
        )
        if thing_label is not UNSET:
            field_dict["thingLabel"] = thing_label
        if item_type is not UNSET:
            field_dict["itemType"] = item_type
        if label is not UNSET:
            field_dict["label"] = label

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        thing_uid = d.pop("thingUID")

        channel_uid = d.pop("channelUID")

        channel_id = d.pop("channelId")

        thing_label = d.pop("thingLabel", UNSET)

        item_type = d.pop("itemType", UNSET)

        label = d.pop("label", UNSET)

        fitting_channel = cls(
            thing_uid=thing_uid,
            channel_uid=channel_uid,
            channel_id=channel_id,
            thing_label=thing_label,
            item_type=item_type,
            label=label,
        )

        fitting_channel.additional_properties = d
        return fitting_channel

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
