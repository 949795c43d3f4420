from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.scene_action import SceneAction


T = TypeVar("T", bound="SceneChange")


@_attrs_define
class SceneChange:
    """
    Attributes:
        name (str | Unset):
        guest_runnable (bool | Unset):
        actions (list[SceneAction] | Unset):
    """

    name: str | Unset = UNSET
    guest_runnable: bool | Unset = UNSET
    actions: list[SceneAction] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        guest_runnable = self.guest_runnable

        actions: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.actions, Unset):
            actions = []
            for actions_item_data in self.actions:
                actions_item = actions_item_data.to_dict()
                actions.append(actions_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if guest_runnable is not UNSET:
            field_dict["guestRunnable"] = guest_runnable
        if actions is not UNSET:
            field_dict["actions"] = actions

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scene_action import SceneAction  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        guest_runnable = d.pop("guestRunnable", UNSET)

        _actions = d.pop("actions", UNSET)
        actions: list[SceneAction] | Unset = UNSET
        if _actions is not UNSET:
            actions = []
            for actions_item_data in _actions:
                actions_item = SceneAction.from_dict(actions_item_data)

                actions.append(actions_item)

        scene_change = cls(
            name=name,
            guest_runnable=guest_runnable,
            actions=actions,
        )

        scene_change.additional_properties = d
        return scene_change

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
