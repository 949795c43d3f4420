from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_type import EventType
from ..types import UNSET, Unset

T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """
    Attributes:
        id (UUID):
        url (str):
        types (list[EventType]):
        enabled (bool):
        created_at (datetime.datetime):
        disabled_at (datetime.datetime | Unset): While disabled.
        disabled_reason (str | Unset): While disabled, why: e.g. `disabled after 12 failed attempts over 1 day to
            deliver event 1234; last: HTTP 500`, or `disabled by its owner`.
    """

    id: UUID
    url: str
    types: list[EventType]
    enabled: bool
    created_at: datetime.datetime
    disabled_at: datetime.datetime | Unset = UNSET
    disabled_reason: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        url = self.url

        types = []
        for types_item_data in self.types:
            types_item = types_item_data.value
            types.append(types_item)

        enabled = self.enabled

        created_at = self.created_at.isoformat()

        disabled_at: str | Unset = UNSET
        if not isinstance(self.disabled_at, Unset):
            disabled_at = self.disabled_at.isoformat()

        disabled_reason = self.disabled_reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "url": url,
                "types": types,
                "enabled": enabled,
                "createdAt": created_at,
            }
        )
        if disabled_at is not UNSET:
            field_dict["disabledAt"] = disabled_at
        if disabled_reason is not UNSET:
            field_dict["disabledReason"] = disabled_reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        url = d.pop("url")

        types = []
        _types = d.pop("types")
        for types_item_data in _types:
            types_item = EventType(types_item_data)

            types.append(types_item)

        enabled = d.pop("enabled")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        _disabled_at = d.pop("disabledAt", UNSET)
        disabled_at: datetime.datetime | Unset
        if isinstance(_disabled_at, Unset):
            disabled_at = UNSET
        else:
            disabled_at = datetime.datetime.fromisoformat(_disabled_at)

        disabled_reason = d.pop("disabledReason", UNSET)

        webhook = cls(
            id=id,
            url=url,
            types=types,
            enabled=enabled,
            created_at=created_at,
            disabled_at=disabled_at,
            disabled_reason=disabled_reason,
        )

        webhook.additional_properties = d
        return webhook

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
