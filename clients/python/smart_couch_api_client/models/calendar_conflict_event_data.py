from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.calendar_conflict_event_data_kind import CalendarConflictEventDataKind

T = TypeVar("T", bound="CalendarConflictEventData")


@_attrs_define
class CalendarConflictEventData:
    """`calendar.conflict`: a sync brought an event that cannot hold all its nights (see `GET /couches/{id}/conflicts`).

    Attributes:
        feed_id (UUID):
        uid (str):
        kind (CalendarConflictEventDataKind):
        check_in (datetime.date):
        check_out (datetime.date):
    """

    feed_id: UUID
    uid: str
    kind: CalendarConflictEventDataKind
    check_in: datetime.date
    check_out: datetime.date

    def to_dict(self) -> dict[str, Any]:
        feed_id = str(self.feed_id)

        uid = self.uid

        kind = self.kind.value

        check_in = self.check_in.isoformat()

        check_out = self.check_out.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "feedId": feed_id,
                "uid": uid,
                "kind": kind,
                "checkIn": check_in,
                "checkOut": check_out,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        feed_id = UUID(d.pop("feedId"))

        uid = d.pop("uid")

        kind = CalendarConflictEventDataKind(d.pop("kind"))

        check_in = datetime.date.fromisoformat(d.pop("checkIn"))

        check_out = datetime.date.fromisoformat(d.pop("checkOut"))

        calendar_conflict_event_data = cls(
            feed_id=feed_id,
            uid=uid,
            kind=kind,
            check_in=check_in,
            check_out=check_out,
        )

        return calendar_conflict_event_data
