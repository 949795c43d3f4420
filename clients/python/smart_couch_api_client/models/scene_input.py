from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.scene_action import SceneAction


T = TypeVar("T", bound="SceneInput")


@_attrs_define
class SceneInput:
    """
    Attributes:
        name (str): One line; trimmed.
        actions (list[SceneAction]):
        guest_runnable (bool | Unset): Default: true, unless the scene unlocks a door.
    """

    name: str
    actions: list[SceneAction]
    guest_runnable: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        actions = []
        for actions_item_data in self.actions:
            actions_item = actions_item_data.to_dict()
            actions.append(actions_item)

        guest_runnable = self.guest_runnable

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "actions": actions,
            }
        )
        if guest_runnable is not UNSET:
            field_dict["guestRunnable"] = guest_runnable

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scene_action import SceneAction  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        actions = []
        _actions = d.pop("actions")
        for actions_item_data in _actions:
            actions_item = SceneAction.from_dict(actions_item_data)

            actions.append(actions_item)

        guest_runnable = d.pop("guestRunnable", UNSET)

        scene_input = cls(
            name=name,
            actions=actions,
            guest_runnable=guest_runnable,
        )

        scene_input.additional_properties = d
        return scene_input

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
