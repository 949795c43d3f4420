from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="MessageEventData")


@_attrs_define
class MessageEventData:
    """`message.created`.

    Attributes:
        conversation_id (UUID):
        message_id (UUID):
        sender_id (UUID):
        body (str):
    """

    conversation_id: UUID
    message_id: UUID
    sender_id: UUID
    body: str

    def to_dict(self) -> dict[str, Any]:
        conversation_id = str(self.conversation_id)

        message_id = str(self.message_id)

        sender_id = str(self.sender_id)

        body = self.body

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "conversationId": conversation_id,
                "messageId": message_id,
                "senderId": sender_id,
                "body": body,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        conversation_id = UUID(d.pop("conversationId"))

        message_id = UUID(d.pop("messageId"))

        sender_id = UUID(d.pop("senderId"))

        body = d.pop("body")

        message_event_data = cls(
            conversation_id=conversation_id,
            message_id=message_id,
            sender_id=sender_id,
            body=body,
        )

        return message_event_data
