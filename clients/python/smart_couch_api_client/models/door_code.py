from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.door_code_state import DoorCodeState
from ..types import UNSET, Unset

T = TypeVar("T", bound="DoorCode")


@_attrs_define
class DoorCode:
    """
    Attributes:
        id (UUID):
        couch_id (UUID):
        thing_uid (str):
        stay_id (UUID): The booking's or imported stay's id.
        code (str):
        valid_from (datetime.datetime):
        valid_until (datetime.datetime):
        state (DoorCodeState): Decided afresh at every run of the door-code job from the stays and code settings as they
            are then and the lock as read back. scheduled: off the lock, written 2 minutes before its window opens (also a
            code taken off again because its stay or the settings moved its window away from now); setting: written, not yet
            read back; active: on the lock as read back; failed: due but not on the lock as read back (lastError says why:
            the hub's answer, or no free slot), tried again at every run; clearing: its stay ended, was cancelled or checked
            out, or its lock went, being removed; cleared: off the lock for good. A stay whose code was cleared and whose
            window opens again (given its nights back, grace widened) gets a new code.
        attempts (int): Failed attempts since the last success.
        updated_at (datetime.datetime):
        device_id (UUID | Unset): Absent once the lock's device is deleted.
        device_name (str | Unset):
        slot (int | Unset): The lock's user-code slot; absent until it has one.
        last_error (str | Unset):
        next_attempt_at (datetime.datetime | Unset): After a failure: the door-code job's next run, which tries again.
    """

    id: UUID
    couch_id: UUID
    thing_uid: str
    stay_id: UUID
    code: str
    valid_from: datetime.datetime
    valid_until: datetime.datetime
    state: DoorCodeState
    attempts: int
    updated_at: datetime.datetime
    device_id: UUID | Unset = UNSET
    device_name: str | Unset = UNSET
    slot: int | Unset = UNSET
    last_error: str | Unset = UNSET
    next_attempt_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        couch_id = str(self.couch_id)

        thing_uid = self.thing_uid

        stay_id = str(self.stay_id)

        code = self.code

        valid_from = self.valid_from.isoformat()

        valid_until = self.valid_until.isoformat()

        state = self.state.value

        attempts = self.attempts

        updated_at = self.updated_at.isoformat()

        device_id: str | Unset = UNSET
        if not isinstance(self.device_id, Unset):
            device_id = str(self.device_id)

        device_name = self.device_name

        slot = self.slot

        last_error = self.last_error

        next_attempt_at: str | Unset = UNSET
        if not isinstance(self.next_attempt_at, Unset):
            next_attempt_at = self.next_attempt_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "couchId": couch_id,
                "thingUID": thing_uid,
                "stayId": stay_id,
                "code": code,
                "validFrom": valid_from,
                "validUntil": valid_until,
                "state": state,
                "attempts": attempts,
                "updatedAt": updated_at,
            }
        )
        if device_id is not UNSET:
            field_dict["deviceId"] = device_id
        if device_name is not UNSET:
            field_dict["deviceName"] = device_name
        if slot is not UNSET:
            field_dict["slot"] = slot
        if last_error is not UNSET:
            field_dict["lastError"] = last_error
        if next_attempt_at is not UNSET:
            field_dict["nextAttemptAt"] = next_attempt_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        couch_id = UUID(d.pop("couchId"))

        thing_uid = d.pop("thingUID")

        stay_id = UUID(d.pop("stayId"))

        code = d.pop("code")

        valid_from = datetime.datetime.fromisoformat(d.pop("validFrom"))

        valid_until = datetime.datetime.fromisoformat(d.pop("validUntil"))

        state = DoorCodeState(d.pop("state"))

        attempts = d.pop("attempts")

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        _device_id = d.pop("deviceId", UNSET)
        device_id: UUID | Unset
        if isinstance(_device_id, Unset):
            device_id = UNSET
        else:
            device_id = UUID(_device_id)

        device_name = d.pop("deviceName", UNSET)

        slot = d.pop("slot", UNSET)

        last_error = d.pop("lastError", UNSET)

        _next_attempt_at = d.pop("nextAttemptAt", UNSET)
        next_attempt_at: datetime.datetime | Unset
        if isinstance(_next_attempt_at, Unset):
            next_attempt_at = UNSET
        else:
            next_attempt_at = datetime.datetime.fromisoformat(_next_attempt_at)

        door_code = cls(
            id=id,
            couch_id=couch_id,
            thing_uid=thing_uid,
            stay_id=stay_id,
            code=code,
            valid_from=valid_from,
            valid_until=valid_until,
            state=state,
            attempts=attempts,
            updated_at=updated_at,
            device_id=device_id,
            device_name=device_name,
            slot=slot,
            last_error=last_error,
            next_attempt_at=next_attempt_at,
        )

        door_code.additional_properties = d
        return door_code

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
