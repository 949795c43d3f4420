from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

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
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        feed_id = str(self.feed_id)

        name = self.name

        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        calendar_sync_failed_event_data.additional_properties = d
        return calendar_sync_failed_event_data

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
