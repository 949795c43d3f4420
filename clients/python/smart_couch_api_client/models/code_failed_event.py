from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.code_failed_event_type import CodeFailedEventType

if TYPE_CHECKING:
    from ..models.code_event_data import CodeEventData


T = TypeVar("T", bound="CodeFailedEvent")


@_attrs_define
class CodeFailedEvent:
    """`code.failed`: A stay's door code could not be set.

    Attributes:
        id (str): Grows in commit order; the SSE `id:` and `SmartCouch-Event-Id`.
        type_ (CodeFailedEventType):
        occurred_at (datetime.datetime):
        couch_id (UUID):
        data (CodeEventData): `code.active` (on the lock), `code.failed` (could not be set; `error` says why) and
            `code.cleared`. Never the code.
    """

    id: str
    type_: CodeFailedEventType
    occurred_at: datetime.datetime
    couch_id: UUID
    data: CodeEventData

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
        from ..models.code_event_data import CodeEventData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = CodeFailedEventType(d.pop("type"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))

        couch_id = UUID(d.pop("couchId"))

        data = CodeEventData.from_dict(d.pop("data"))

        code_failed_event = cls(
            id=id,
            type_=type_,
            occurred_at=occurred_at,
            couch_id=couch_id,
            data=data,
        )

        return code_failed_event
