from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.calendar_sync_failed_event_type import CalendarSyncFailedEventType

if TYPE_CHECKING:
    from ..models.calendar_sync_failed_event_data import CalendarSyncFailedEventData


T = TypeVar("T", bound="CalendarSyncFailedEvent")


@_attrs_define
class CalendarSyncFailedEvent:
    """`calendar.sync_failed`: A channel calendar could not be read.

    Attributes:
        id (str): Grows in commit order; the SSE `id:` and `SmartCouch-Event-Id`.
        type_ (CalendarSyncFailedEventType):
        occurred_at (datetime.datetime):
        couch_id (UUID):
        data (CalendarSyncFailedEventData): `calendar.sync_failed`: a channel calendar could not be read (told once per
            new reason).
    """

    id: str
    type_: CalendarSyncFailedEventType
    occurred_at: datetime.datetime
    couch_id: UUID
    data: CalendarSyncFailedEventData

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
        from ..models.calendar_sync_failed_event_data import CalendarSyncFailedEventData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = CalendarSyncFailedEventType(d.pop("type"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))

        couch_id = UUID(d.pop("couchId"))

        data = CalendarSyncFailedEventData.from_dict(d.pop("data"))

        calendar_sync_failed_event = cls(
            id=id,
            type_=type_,
            occurred_at=occurred_at,
            couch_id=couch_id,
            data=data,
        )

        return calendar_sync_failed_event
