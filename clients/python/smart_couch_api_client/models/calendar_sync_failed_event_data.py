from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="CalendarSyncFailedEventData")


@_attrs_define
class CalendarSyncFailedEventData:
    """`calendar.sync_failed`: a channel calendar could not be read (told once per new reason).

    Attributes:
        feed_id (UUID):
        name (str):
        error (str):
    """

    feed_id: UUID
    name: str
    error: str

    def to_dict(self) -> dict[str, Any]:
        feed_id = str(self.feed_id)

        name = self.name

        error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "feedId": feed_id,
                "name": name,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        feed_id = UUID(d.pop("feedId"))

        name = d.pop("name")

        error = d.pop("error")

        calendar_sync_failed_event_data = cls(
            feed_id=feed_id,
            name=name,
            error=error,
        )

        return calendar_sync_failed_event_data
