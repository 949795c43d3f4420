from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.reservation_cancelled_event_type import ReservationCancelledEventType

if TYPE_CHECKING:
    from ..models.reservation_event_data import ReservationEventData


T = TypeVar("T", bound="ReservationCancelledEvent")


@_attrs_define
class ReservationCancelledEvent:
    """`reservation.cancelled`: A reservation was cancelled.

    Attributes:
        id (str): Grows in commit order; the SSE `id:` and `SmartCouch-Event-Id`.
        type_ (ReservationCancelledEventType):
        occurred_at (datetime.datetime):
        couch_id (UUID):
        data (ReservationEventData): `reservation.created` (also a request to book), `reservation.cancelled`, and
            `reservation.changed` (accepted, declined, expired or shortened).
    """

    id: str
    type_: ReservationCancelledEventType
    occurred_at: datetime.datetime
    couch_id: UUID
    data: ReservationEventData

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
        from ..models.reservation_event_data import ReservationEventData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = ReservationCancelledEventType(d.pop("type"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))

        couch_id = UUID(d.pop("couchId"))

        data = ReservationEventData.from_dict(d.pop("data"))

        reservation_cancelled_event = cls(
            id=id,
            type_=type_,
            occurred_at=occurred_at,
            couch_id=couch_id,
            data=data,
        )

        return reservation_cancelled_event
