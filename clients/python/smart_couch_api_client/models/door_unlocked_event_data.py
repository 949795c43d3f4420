from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.door_unlocked_event_data_method import DoorUnlockedEventDataMethod
from ..types import UNSET, Unset

T = TypeVar("T", bound="DoorUnlockedEventData")


@_attrs_define
class DoorUnlockedEventData:
    """`door.unlocked`: by a stay's code (`method` code, naming the stay, never the code; `outsideWindow` when the code
    opened the door outside its stay's window), by hand, or through the app (`byUserId`).

        Attributes:
            device_id (UUID):
            method (DoorUnlockedEventDataMethod):
            stay_id (UUID | Unset):
            by_user_id (UUID | Unset):
            outside_window (bool | Unset):
    """

    device_id: UUID
    method: DoorUnlockedEventDataMethod
    stay_id: UUID | Unset = UNSET
    by_user_id: UUID | Unset = UNSET
    outside_window: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        device_id = str(self.device_id)

        method = self.method.value

        stay_id: str | Unset = UNSET
        if not isinstance(self.stay_id, Unset):
            stay_id = str(self.stay_id)

        by_user_id: str | Unset = UNSET
        if not isinstance(self.by_user_id, Unset):
            by_user_id = str(self.by_user_id)

        outside_window = self.outside_window

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deviceId": device_id,
                "method": method,
            }
        )
        if stay_id is not UNSET:
            field_dict["stayId"] = stay_id
        if by_user_id is not UNSET:
            field_dict["byUserId"] = by_user_id
        if outside_window is not UNSET:
            field_dict["outsideWindow"] = outside_window

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        device_id = UUID(d.pop("deviceId"))

        method = DoorUnlockedEventDataMethod(d.pop("method"))

        _stay_id = d.pop("stayId", UNSET)
        stay_id: UUID | Unset
        if isinstance(_stay_id, Unset):
            stay_id = UNSET
        else:
            stay_id = UUID(_stay_id)

        _by_user_id = d.pop("byUserId", UNSET)
        by_user_id: UUID | Unset
        if isinstance(_by_user_id, Unset):
            by_user_id = UNSET
        else:
            by_user_id = UUID(_by_user_id)

        outside_window = d.pop("outsideWindow", UNSET)

        door_unlocked_event_data = cls(
            device_id=device_id,
            method=method,
            stay_id=stay_id,
            by_user_id=by_user_id,
            outside_window=outside_window,
        )

        return door_unlocked_event_data
