from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CodeEventData")


@_attrs_define
class CodeEventData:
    """`code.active` (on the lock), `code.failed` (could not be set; `error` says why) and `code.cleared`. Never the code.

    Attributes:
        stay_id (UUID):
        valid_from (datetime.datetime):
        valid_until (datetime.datetime):
        device_id (UUID | Unset):
        error (str | Unset):
    """

    stay_id: UUID
    valid_from: datetime.datetime
    valid_until: datetime.datetime
    device_id: UUID | Unset = UNSET
    error: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        stay_id = str(self.stay_id)

        valid_from = self.valid_from.isoformat()

        valid_until = self.valid_until.isoformat()

        device_id: str | Unset = UNSET
        if not isinstance(self.device_id, Unset):
            device_id = str(self.device_id)

        error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "stayId": stay_id,
                "validFrom": valid_from,
                "validUntil": valid_until,
            }
        )
        if device_id is not UNSET:
            field_dict["deviceId"] = device_id
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        stay_id = UUID(d.pop("stayId"))

        valid_from = datetime.datetime.fromisoformat(d.pop("validFrom"))

        valid_until = datetime.datetime.fromisoformat(d.pop("validUntil"))

        _device_id = d.pop("deviceId", UNSET)
        device_id: UUID | Unset
        if isinstance(_device_id, Unset):
            device_id = UNSET
        else:
            device_id = UUID(_device_id)

        error = d.pop("error", UNSET)

        code_event_data = cls(
            stay_id=stay_id,
            valid_from=valid_from,
            valid_until=valid_until,
            device_id=device_id,
            error=error,
        )

        return code_event_data
