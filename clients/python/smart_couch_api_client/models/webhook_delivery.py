from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_type import EventType
from ..models.webhook_delivery_status import WebhookDeliveryStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    """
    Attributes:
        id (str):
        event_id (str): The event's `id`, as its body and `SmartCouch-Event-Id` have it.
        event_type (EventType): An event a webhook can hear (the event stream's vocabulary).
        status (WebhookDeliveryStatus): `pending`: waiting for its turn or its next attempt; `failed`: its 12 attempts
            failed, which disabled the endpoint.
        attempts (int): Attempts made (since it was last redelivered).
        created_at (datetime.datetime):
        next_attempt_at (datetime.datetime | Unset): While pending; it also waits for earlier events' deliveries.
        last_attempt_at (datetime.datetime | Unset):
        last_status_code (int | Unset): The status the endpoint answered the last attempt with, when it answered.
        last_error (str | Unset): Why the last attempt failed: `HTTP <status>`, or what went wrong (no answer in time,
            not reachable, a redirect).
        delivered_at (datetime.datetime | Unset):
    """

    id: str
    event_id: str
    event_type: EventType
    status: WebhookDeliveryStatus
    attempts: int
    created_at: datetime.datetime
    next_attempt_at: datetime.datetime | Unset = UNSET
    last_attempt_at: datetime.datetime | Unset = UNSET
    last_status_code: int | Unset = UNSET
    last_error: str | Unset = UNSET
    delivered_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event_id = self.event_id

        event_type = self.event_type.value

        status = self.status.value

        attempts = self.attempts

        created_at = self.created_at.isoformat()

        next_attempt_at: str | Unset = UNSET
        if not isinstance(self.next_attempt_at, Unset):
            next_attempt_at = self.next_attempt_at.isoformat()

        last_attempt_at: str | Unset = UNSET
        if not isinstance(self.last_attempt_at, Unset):
            last_attempt_at = self.last_attempt_at.isoformat()

        last_status_code = self.last_status_code

        last_error = self.last_error

        delivered_at: str | Unset = UNSET
        if not isinstance(self.delivered_at, Unset):
            delivered_at = self.delivered_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "eventId": event_id,
                "eventType": event_type,
                "status": status,
                "attempts": attempts,
                "createdAt": created_at,
            }
        )
        if next_attempt_at is not UNSET:
            field_dict["nextAttemptAt"] = next_attempt_at
        if last_attempt_at is not UNSET:
            field_dict["lastAttemptAt"] = last_attempt_at
        if last_status_code is not UNSET:
            field_dict["lastStatusCode"] = last_status_code
        if last_error is not UNSET:
            field_dict["lastError"] = last_error
        if delivered_at is not UNSET:
            field_dict["deliveredAt"] = delivered_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        event_id = d.pop("eventId")

        event_type = EventType(d.pop("eventType"))

        status = WebhookDeliveryStatus(d.pop("status"))

        attempts = d.pop("attempts")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        _next_attempt_at = d.pop("nextAttemptAt", UNSET)
        next_attempt_at: datetime.datetime | Unset
        if isinstance(_next_attempt_at, Unset):
            next_attempt_at = UNSET
        else:
            next_attempt_at = datetime.datetime.fromisoformat(_next_attempt_at)

        _last_attempt_at = d.pop("lastAttemptAt", UNSET)
        last_attempt_at: datetime.datetime | Unset
        if isinstance(_last_attempt_at, Unset):
            last_attempt_at = UNSET
        else:
            last_attempt_at = datetime.datetime.fromisoformat(_last_attempt_at)

        last_status_code = d.pop("lastStatusCode", UNSET)

        last_error = d.pop("lastError", UNSET)

        _delivered_at = d.pop("deliveredAt", UNSET)
        delivered_at: datetime.datetime | Unset
        if isinstance(_delivered_at, Unset):
            delivered_at = UNSET
        else:
            delivered_at = datetime.datetime.fromisoformat(_delivered_at)

        webhook_delivery = cls(
            id=id,
            event_id=event_id,
            event_type=event_type,
            status=status,
            attempts=attempts,
            created_at=created_at,
            next_attempt_at=next_attempt_at,
            last_attempt_at=last_attempt_at,
            last_status_code=last_status_code,
            last_error=last_error,
            delivered_at=delivered_at,
        )

        webhook_delivery.additional_properties = d
        return webhook_delivery

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
