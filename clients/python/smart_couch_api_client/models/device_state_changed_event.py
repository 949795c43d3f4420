from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.device_state_changed_event_type import DeviceStateChangedEventType

if TYPE_CHECKING:
    from ..models.device_state_event_data import DeviceStateEventData


T = TypeVar("T", bound="DeviceStateChangedEvent")


@_attrs_define
class DeviceStateChangedEvent:
    """`device.state_changed`: A device reported a new state.

    Attributes:
        id (str): Grows in commit order; the SSE `id:` and `SmartCouch-Event-Id`.
        type_ (DeviceStateChangedEventType):
        occurred_at (datetime.datetime):
        couch_id (UUID):
        data (DeviceStateEventData): `device.state_changed`: a device item reported a new state on its hub.
    """

    id: str
    type_: DeviceStateChangedEventType
    occurred_at: datetime.datetime
    couch_id: UUID
    data: DeviceStateEventData

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_.value

        occurred_at = self.occurred_at.isoformat()

        couch_id = str(self.couch_id)

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "type": type_,
                "occurredAt": occurred_at,
                "couchId": couch_id,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.device_state_event_data import DeviceStateEventData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = DeviceStateChangedEventType(d.pop("type"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))

        couch_id = UUID(d.pop("couchId"))

        data = DeviceStateEventData.from_dict(d.pop("data"))

        device_state_changed_event = cls(
            id=id,
            type_=type_,
            occurred_at=occurred_at,
            couch_id=couch_id,
            data=data,
        )

        return device_state_changed_event
