from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.thing_channels_item_kind import ThingChannelsItemKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="ThingChannelsItem")


@_attrs_define
class ThingChannelsItem:
    """
    Attributes:
        uid (str):
        id (str):
        kind (ThingChannelsItemKind):
        linked_items (list[str]):
        item_type (str | Unset):
        label (str | Unset):
    """

    uid: str
    id: str
    kind: ThingChannelsItemKind
    linked_items: list[str]
    item_type: str | Unset = UNSET
    label: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        uid = self.uid

        id = self.id

        kind = self.kind.value

        linked_items = self.linked_items

        item_type = self.item_type

        label = self.label

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "uid": uid,
                "id": id,
                "kind": kind,
                "linkedItems": linked_items,
            }
        )
        if item_type is not UNSET:
            field_dict["itemType"] = item_type
        if label is not UNSET:
            field_dict["label"] = label

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        uid = d.pop("uid")

        id = d.pop("id")

        kind = ThingChannelsItemKind(d.pop("kind"))

        linked_items = cast(list[str], d.pop("linkedItems"))

        item_type = d.pop("itemType", UNSET)

        label = d.pop("label", UNSET)

        thing_channels_item = cls(
            uid=uid,
            id=id,
            kind=kind,
            linked_items=linked_items,
            item_type=item_type,
            label=label,
        )

        thing_channels_item.additional_properties = d
        return thing_channels_item

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
