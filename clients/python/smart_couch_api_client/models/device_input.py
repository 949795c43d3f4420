from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.device_type import DeviceType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.code_slots import CodeSlots
    from ..models.device_input_properties_item import DeviceInputPropertiesItem


T = TypeVar("T", bound="DeviceInput")


@_attrs_define
class DeviceInput:
    """
    Attributes:
        couch_id (UUID):
        name (str): One line: no line break or other control character.
        type_ (DeviceType):
        thing_uid (str | Unset): Required except for a weatherWatcher.
        guest_controllable (bool | Unset):  Default: True.
        room (str | Unset): The room of the couch the device is in (free text, trimmed, one line); absent for none.
        code_slots (CodeSlots | Unset): The user-code slots of a keypad lock's Thing that SmartCouch manages; the others
            are the host's own and never touched.
        properties (list[DeviceInputPropertiesItem] | Unset):
    """

    couch_id: UUID
    name: str
    type_: DeviceType
    thing_uid: str | Unset = UNSET
    guest_controllable: bool | Unset = True
    room: str | Unset = UNSET
    code_slots: CodeSlots | Unset = UNSET
    properties: list[DeviceInputPropertiesItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        couch_id = str(self.couch_id)

        name = self.name

        type_ = self.type_.value

        thing_uid = self.thing_uid

        guest_controllable = self.guest_controllable

        room = self.room

        code_slots: dict[str, Any] | Unset = UNSET
        if not isinstance(self.code_slots, Unset):
            code_slots = self.code_slots.to_dict()

        properties: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.properties, Unset):
            properties = []
            for properties_item_data in self.properties:
                properties_item = properties_item_data.to_dict()
                properties.append(properties_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "couchId": couch_id,
                "name": name,
                "type": type_,
            }
        )
        if thing_uid is not UNSET:
            field_dict["thingUID"] = thing_uid
        if guest_controllable is not UNSET:
            field_dict["guestControllable"] = guest_controllable
        if room is not UNSET:
            field_dict["room"] = room
        if code_slots is not UNSET:
            field_dict["codeSlots"] = code_slots
        if properties is not UNSET:
            field_dict["properties"] = properties

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.code_slots import CodeSlots  # noqa: PLC0415
        from ..models.device_input_properties_item import DeviceInputPropertiesItem  # noqa: PLC0415

        d = dict(src_dict)
        couch_id = UUID(d.pop("couchId"))

        name = d.pop("name")

        type_ = DeviceType(d.pop("type"))

        thing_uid = d.pop("thingUID", UNSET)

        guest_controllable = d.pop("guestControllable", UNSET)

        room = d.pop("room", UNSET)

        _code_slots = d.pop("codeSlots", UNSET)
        code_slots: CodeSlots | Unset
        if isinstance(_code_slots, Unset):
            code_slots = UNSET
        else:
            code_slots = CodeSlots.from_dict(_code_slots)

        _properties = d.pop("properties", UNSET)
        properties: list[DeviceInputPropertiesItem] | Unset = UNSET
        if _properties is not UNSET:
            properties = []
            for properties_item_data in _properties:
                properties_item = DeviceInputPropertiesItem.from_dict(properties_item_data)

                properties.append(properties_item)

        device_input = cls(
            couch_id=couch_id,
            name=name,
            type_=type_,
            thing_uid=thing_uid,
            guest_controllable=guest_controllable,
            room=room,
            code_slots=code_slots,
            properties=properties,
        )

        device_input.additional_properties = d
        return device_input

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
