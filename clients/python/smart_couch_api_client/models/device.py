from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.device_thing_status import DeviceThingStatus
from ..models.device_type import DeviceType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.code_slots import CodeSlots
    from ..models.device_item import DeviceItem


T = TypeVar("T", bound="Device")


@_attrs_define
class Device:
    """
    Attributes:
        id (UUID):
        couch_id (UUID):
        name (str):
        type_ (DeviceType):
        guest_controllable (bool):
        items (list[DeviceItem]):
        reachable (bool):
        created_at (datetime.datetime):
        thing_uid (str | Unset):
        code_slots (CodeSlots | Unset): The user-code slots of a keypad lock's Thing that SmartCouch manages; the others
            are the host's own and never touched.
        room (str | Unset): The room of the couch the device is in; absent for none.
        main_item_id (UUID | Unset): The item the device's toggle flips; absent for a sensor and a weatherWatcher.
        thing_status (DeviceThingStatus | Unset): The device's Thing as its hub reports it at this request. Commands go
            only to an ONLINE Thing; any other status refuses them with 409 device-offline. Absent when the hub did not
            answer.
        thing_status_detail (str | Unset): openHAB's statusDetail.
    """

    id: UUID
    couch_id: UUID
    name: str
    type_: DeviceType
    guest_controllable: bool
    items: list[DeviceItem]
    reachable: bool
    created_at: datetime.datetime
    thing_uid: str | Unset = UNSET
    code_slots: CodeSlots | Unset = UNSET
    room: str | Unset = UNSET
    main_item_id: UUID | Unset = UNSET
    thing_status: DeviceThingStatus | Unset = UNSET
    thing_status_detail: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        couch_id = str(self.couch_id)

        name = self.name

        type_ = self.type_.value

        guest_controllable = self.guest_controllable

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        reachable = self.reachable

        created_at = self.created_at.isoformat()

        thing_uid = self.thing_uid

        code_slots: dict[str, Any] | Unset = UNSET
        if not isinstance(self.code_slots, Unset):
            code_slots = self.code_slots.to_dict()

        room = self.room

        main_item_id: str | Unset = UNSET
        if not isinstance(self.main_item_id, Unset):
            main_item_id = str(self.main_item_id)

        thing_status: str | Unset = UNSET
        if not isinstance(self.thing_status, Unset):
            thing_status = self.thing_status.value

        thing_status_detail = self.thing_status_detail

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "couchId": couch_id,
                "name": name,
                "type": type_,
                "guestControllable": guest_controllable,
                "items": items,
                "reachable": reachable,
                "createdAt": created_at,
            }
        )
        if thing_uid is not UNSET:
            field_dict["thingUID"] = thing_uid
        if code_slots is not UNSET:
            field_dict["codeSlots"] = code_slots
        if room is not UNSET:
            field_dict["room"] = room
        if main_item_id is not UNSET:
            field_dict["mainItemId"] = main_item_id
        if thing_status is not UNSET:
            field_dict["thingStatus"] = thing_status
        if thing_status_detail is not UNSET:
            field_dict["thingStatusDetail"] = thing_status_detail

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.code_slots import CodeSlots  # noqa: PLC0415
        from ..models.device_item import DeviceItem  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        couch_id = UUID(d.pop("couchId"))

        name = d.pop("name")

        type_ = DeviceType(d.pop("type"))

        guest_controllable = d.pop("guestControllable")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = DeviceItem.from_dict(items_item_data)

            items.append(items_item)

        reachable = d.pop("reachable")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        thing_uid = d.pop("thingUID", UNSET)

        _code_slots = d.pop("codeSlots", UNSET)
        code_slots: CodeSlots | Unset
        if isinstance(_code_slots, Unset):
            code_slots = UNSET
        else:
            code_slots = CodeSlots.from_dict(_code_slots)

        room = d.pop("room", UNSET)

        _main_item_id = d.pop("mainItemId", UNSET)
        main_item_id: UUID | Unset
        if isinstance(_main_item_id, Unset):
            main_item_id = UNSET
        else:
            main_item_id = UUID(_main_item_id)

        _thing_status = d.pop("thingStatus", UNSET)
        thing_status: DeviceThingStatus | Unset
        if isinstance(_thing_status, Unset):
            thing_status = UNSET
        else:
            thing_status = DeviceThingStatus(_thing_status)

        thing_status_detail = d.pop("thingStatusDetail", UNSET)

        device = cls(
            id=id,
            couch_id=couch_id,
            name=name,
            type_=type_,
            guest_controllable=guest_controllable,
            items=items,
            reachable=reachable,
            created_at=created_at,
            thing_uid=thing_uid,
            code_slots=code_slots,
            room=room,
            main_item_id=main_item_id,
            thing_status=thing_status,
            thing_status_detail=thing_status_detail,
        )

        device.additional_properties = d
        return device

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
