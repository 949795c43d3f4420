from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.hub_online_event_type import HubOnlineEventType

if TYPE_CHECKING:
    from ..models.hub_event_data import HubEventData


T = TypeVar("T", bound="HubOnlineEvent")


@_attrs_define
class HubOnlineEvent:
    """`hub.online`: The couch's hub answers again.

    Attributes:
        id (str): Grows in commit order; the SSE `id:` and `SmartCouch-Event-Id`.
        type_ (HubOnlineEventType):
        occurred_at (datetime.datetime):
        couch_id (UUID):
        data (HubEventData): `hub.offline` and `hub.online`: a host's own hub stopped or started answering (calls or its
            event stream).
    """

    id: str
    type_: HubOnlineEventType
    occurred_at: datetime.datetime
    couch_id: UUID
    data: HubEventData

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
        from ..models.hub_event_data import HubEventData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = HubOnlineEventType(d.pop("type"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))

        couch_id = UUID(d.pop("couchId"))

        data = HubEventData.from_dict(d.pop("data"))

        hub_online_event = cls(
            id=id,
            type_=type_,
            occurred_at=occurred_at,
            couch_id=couch_id,
            data=data,
        )

        return hub_online_event
