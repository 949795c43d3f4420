from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scene_builtin_type_1 import SceneBuiltinType1
from ..models.scene_builtin_type_2_type_1 import SceneBuiltinType2Type1
from ..models.scene_builtin_type_3_type_1 import SceneBuiltinType3Type1
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.scene_action import SceneAction


T = TypeVar("T", bound="Scene")


@_attrs_define
class Scene:
    """
    Attributes:
        id (UUID):
        couch_id (UUID):
        name (str):
        guest_runnable (bool):
        follows_devices (bool): A built-in scene whose actions are made from the couch's devices until the host changes
            them.
        actions (list[SceneAction]):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        builtin (None | SceneBuiltinType1 | SceneBuiltinType2Type1 | SceneBuiltinType3Type1 | Unset): One of the scenes
            every couch starts with.
    """

    id: UUID
    couch_id: UUID
    name: str
    guest_runnable: bool
    follows_devices: bool
    actions: list[SceneAction]
    created_at: datetime.datetime
    updated_at: datetime.datetime
    builtin: None | SceneBuiltinType1 | SceneBuiltinType2Type1 | SceneBuiltinType3Type1 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        couch_id = str(self.couch_id)

        name = self.name

        guest_runnable = self.guest_runnable

        follows_devices = self.follows_devices

        actions = []
        for actions_item_data in self.actions:
            actions_item = actions_item_data.to_dict()
            actions.append(actions_item)

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        builtin: None | str | Unset
        if isinstance(self.builtin, Unset):
            builtin = UNSET
        elif isinstance(self.builtin, SceneBuiltinType1):
            builtin = self.builtin.value
        elif isinstance(self.builtin, SceneBuiltinType2Type1):
            builtin = self.builtin.value
        elif isinstance(self.builtin, SceneBuiltinType3Type1):
            builtin = self.builtin.value
        else:
            builtin = self.builtin

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "couchId": couch_id,
                "name": name,
                "guestRunnable": guest_runnable,
                "followsDevices": follows_devices,
                "actions": actions,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )
        if builtin is not UNSET:
            field_dict["builtin"] = builtin

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scene_action import SceneAction  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        couch_id = UUID(d.pop("couchId"))

        name = d.pop("name")

        guest_runnable = d.pop("guestRunnable")

        follows_devices = d.pop("followsDevices")

        actions = []
        _actions = d.pop("actions")
        for actions_item_data in _actions:
            actions_item = SceneAction.from_dict(actions_item_data)

            actions.append(actions_item)

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        def _parse_builtin(
            data: object,
        ) -> None | SceneBuiltinType1 | SceneBuiltinType2Type1 | SceneBuiltinType3Type1 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                builtin_type_1 = SceneBuiltinType1(data)

                return builtin_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                builtin_type_2_type_1 = SceneBuiltinType2Type1(data)

                return builtin_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                builtin_type_3_type_1 = SceneBuiltinType3Type1(data)

                return builtin_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SceneBuiltinType1 | SceneBuiltinType2Type1 | SceneBuiltinType3Type1 | Unset, data)

        builtin = _parse_builtin(d.pop("builtin", UNSET))

        scene = cls(
            id=id,
            couch_id=couch_id,
            name=name,
            guest_runnable=guest_runnable,
            follows_devices=follows_devices,
            actions=actions,
            created_at=created_at,
            updated_at=updated_at,
            builtin=builtin,
        )

        scene.additional_properties = d
        return scene

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
