from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.calendar_conflict_event_type import CalendarConflictEventType

if TYPE_CHECKING:
    from ..models.calendar_conflict_event_data import CalendarConflictEventData


T = TypeVar("T", bound="CalendarConflictEvent")


@_attrs_define
class CalendarConflictEvent:
    """`calendar.conflict`: A channel's event cannot hold all its nights.

    Attributes:
        id (str): Grows in commit order; the SSE `id:` and `SmartCouch-Event-Id`.
        type_ (CalendarConflictEventType):
        occurred_at (datetime.datetime):
        couch_id (UUID):
        data (CalendarConflictEventData): `calendar.conflict`: a sync brought an event that cannot hold all its nights
            (see `GET /couches/{id}/conflicts`).
    """

    id: str
    type_: CalendarConflictEventType
    occurred_at: datetime.datetime
    couch_id: UUID
    data: CalendarConflictEventData

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
        from ..models.calendar_conflict_event_data import CalendarConflictEventData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = CalendarConflictEventType(d.pop("type"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))

        couch_id = UUID(d.pop("couchId"))

        data = CalendarConflictEventData.from_dict(d.pop("data"))

        calendar_conflict_event = cls(
            id=id,
            type_=type_,
            occurred_at=occurred_at,
            couch_id=couch_id,
            data=data,
        )

        return calendar_conflict_event
