from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.device_command_failed_event_type import DeviceCommandFailedEventType

if TYPE_CHECKING:
    from ..models.command_failed_event_data import CommandFailedEventData


T = TypeVar("T", bound="DeviceCommandFailedEvent")


@_attrs_define
class DeviceCommandFailedEvent:
    """`device.command_failed`: A command failed or was never confirmed.

    Attributes:
        id (str): Grows in commit order; the SSE `id:` and `SmartCouch-Event-Id`.
        type_ (DeviceCommandFailedEventType):
        occurred_at (datetime.datetime):
        couch_id (UUID):
        data (CommandFailedEventData): `device.command_failed`: a command that failed, or that the device never
            confirmed.
    """

    id: str
    type_: DeviceCommandFailedEventType
    occurred_at: datetime.datetime
    couch_id: UUID
    data: CommandFailedEventData

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
        from ..models.command_failed_event_data import CommandFailedEventData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = DeviceCommandFailedEventType(d.pop("type"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))

        couch_id = UUID(d.pop("couchId"))

        data = CommandFailedEventData.from_dict(d.pop("data"))

        device_command_failed_event = cls(
            id=id,
            type_=type_,
            occurred_at=occurred_at,
            couch_id=couch_id,
            data=data,
        )

        return device_command_failed_event
