from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.message_created_event_type import MessageCreatedEventType

if TYPE_CHECKING:
    from ..models.message_event_data import MessageEventData


T = TypeVar("T", bound="MessageCreatedEvent")


@_attrs_define
class MessageCreatedEvent:
    """`message.created`: A message was sent.

    Attributes:
        id (str): Grows in commit order; the SSE `id:` and `SmartCouch-Event-Id`.
        type_ (MessageCreatedEventType):
        occurred_at (datetime.datetime):
        couch_id (UUID):
        data (MessageEventData): `message.created`.
    """

    id: str
    type_: MessageCreatedEventType
    occurred_at: datetime.datetime
    couch_id: UUID
    data: MessageEventData

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
        from ..models.message_event_data import MessageEventData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = MessageCreatedEventType(d.pop("type"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))

        couch_id = UUID(d.pop("couchId"))

        data = MessageEventData.from_dict(d.pop("data"))

        message_created_event = cls(
            id=id,
            type_=type_,
            occurred_at=occurred_at,
            couch_id=couch_id,
            data=data,
        )

        return message_created_event
