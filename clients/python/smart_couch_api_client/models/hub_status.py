from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="HubStatus")


@_attrs_define
class HubStatus:
    """
    Attributes:
        base_url (str):
        reachable (bool):
        checked_at (datetime.datetime):
        is_default (bool): The server's default hub serves this couch.
        cleanup_pending (int): Items (with their links) of deleted devices, or of device creations that failed, that are
            still on the hub because it refused or did not answer their removal; the hub-cleanup job tries again after a
            minute, doubling to an hour, until the hub is clean.
        version (str | Unset): The hub's openHAB version.
        last_error (str | Unset):
        event_stream_error (str | Unset): Why the server is not listening to this hub's event stream now, when it is
            not: the hub is unreachable, or it sent more than a stream may (an event over 256 KiB, more than 8 MiB or 1,200
            events a minute, faster than it is read) and was dropped; it is retried after 1 s, doubling to a minute. Absent
            while the server listens.
        event_stream_error_at (datetime.datetime | Unset): Since when.
        cleanup_error (str | Unset): While some are pending: the last error of the item whose removal has failed most
            often.
    """

    base_url: str
    reachable: bool
    checked_at: datetime.datetime
    is_default: bool
    cleanup_pending: int
    version: str | Unset = UNSET
    last_error: str | Unset = UNSET
    event_stream_error: str | Unset = UNSET
    event_stream_error_at: datetime.datetime | Unset = UNSET
    cleanup_error: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        base_url = self.base_url

        reachable = self.reachable

        checked_at = self.checked_at.isoformat()

        is_default = self.is_default

        cleanup_pending = self.cleanup_pending

        version = self.version

        last_error = self.last_error

        event_stream_error = self.event_stream_error

        event_stream_error_at: str | Unset = UNSET
        if not isinstance(self.event_stream_error_at, Unset):
            event_stream_error_at = self.event_stream_error_at.isoformat()

        cleanup_error = self.cleanup_error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "baseUrl": base_url,
                "reachable": reachable,
                "checkedAt": checked_at,
                "isDefault": is_default,
                "cleanupPending": cleanup_pending,
            }
        )
        if version is not UNSET:
            field_dict["version"] = version
        if last_error is not UNSET:
            field_dict["lastError"] = last_error
        if event_stream_error is not UNSET:
            field_dict["eventStreamError"] = event_stream_error
        if event_stream_error_at is not UNSET:
            field_dict["eventStreamErrorAt"] = event_stream_error_at
        if cleanup_error is not UNSET:
            field_dict["cleanupError"] = cleanup_error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        base_url = d.pop("baseUrl")

        reachable = d.pop("reachable")

        checked_at = datetime.datetime.fromisoformat(d.pop("checkedAt"))

        is_default = d.pop("isDefault")

        cleanup_pending = d.pop("cleanupPending")

        version = d.pop("version", UNSET)

        last_error = d.pop("lastError", UNSET)

        event_stream_error = d.pop("eventStreamError", UNSET)

        _event_stream_error_at = d.pop("eventStreamErrorAt", UNSET)
        event_stream_error_at: datetime.datetime | Unset
        if isinstance(_event_stream_error_at, Unset):
            event_stream_error_at = UNSET
        else:
            event_stream_error_at = datetime.datetime.fromisoformat(_event_stream_error_at)

        cleanup_error = d.pop("cleanupError", UNSET)

        hub_status = cls(
            base_url=base_url,
            reachable=reachable,
            checked_at=checked_at,
            is_default=is_default,
            cleanup_pending=cleanup_pending,
            version=version,
            last_error=last_error,
            event_stream_error=event_stream_error,
            event_stream_error_at=event_stream_error_at,
            cleanup_error=cleanup_error,
        )

        hub_status.additional_properties = d
        return hub_status

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
