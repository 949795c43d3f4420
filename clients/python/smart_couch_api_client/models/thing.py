from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.thing_channels_item import ThingChannelsItem


T = TypeVar("T", bound="Thing")


@_attrs_define
class Thing:
    """
    Attributes:
        uid (str):
        thing_type_uid (str):
        status (str):
        status_detail (str):
        channels (list[ThingChannelsItem]):
        label (str | Unset):
    """

    uid: str
    thing_type_uid: str
    status: str
    status_detail: str
    channels: list[ThingChannelsItem]
    label: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        uid = self.uid

        thing_type_uid = self.thing_type_uid

        status = self.status

        status_detail = self.status_detail

        channels = []
        for channels_item_data in self.channels:
            channels_item = channels_item_data.to_dict()
            channels.append(channels_item)

        label = self.label

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "uid": uid,
                "thingTypeUID": thing_type_uid,
                "status": status,
                "statusDetail": status_detail,
                "channels": channels,
            }
        )
        if label is not UNSET:
            field_dict["label"] = label

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.thing_channels_item import ThingChannelsItem  # noqa: PLC0415

        d = dict(src_dict)
        uid = d.pop("uid")

        thing_type_uid = d.pop("thingTypeUID")

        status = d.pop("status")

        status_detail = d.pop("statusDetail")

        channels = []
        _channels = d.pop("channels")
        for channels_item_data in _channels:
            channels_item = ThingChannelsItem.from_dict(channels_item_data)

            channels.append(channels_item)

        label = d.pop("label", UNSET)

        thing = cls(
            uid=uid,
            thing_type_uid=thing_type_uid,
            status=status,
            status_detail=status_detail,
            channels=channels,
            label=label,
        )

        thing.additional_properties = d
        return thing

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
