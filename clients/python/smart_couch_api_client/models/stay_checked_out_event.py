from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.stay_checked_out_event_type import StayCheckedOutEventType

if TYPE_CHECKING:
    from ..models.stay_event_data import StayEventData


T = TypeVar("T", bound="StayCheckedOutEvent")


@_attrs_define
class StayCheckedOutEvent:
    """`stay.checked_out`: A guest left.

    Attributes:
        id (str): Grows in commit order; the SSE `id:` and `SmartCouch-Event-Id`.
        type_ (StayCheckedOutEventType):
        occurred_at (datetime.datetime):
        couch_id (UUID):
        data (StayEventData): `stay.checked_in` (`via`: code or app) and `stay.checked_out` (`via`: guest, host or
            link). `stayId` is a reservation or an imported stay.
    """

    id: str
    type_: StayCheckedOutEventType
    occurred_at: datetime.datetime
    couch_id: UUID
    data: StayEventData

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
        from ..models.stay_event_data import StayEventData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = StayCheckedOutEventType(d.pop("type"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))

        couch_id = UUID(d.pop("couchId"))

        data = StayEventData.from_dict(d.pop("data"))

        stay_checked_out_event = cls(
            id=id,
            type_=type_,
            occurred_at=occurred_at,
            couch_id=couch_id,
            data=data,
        )

        return stay_checked_out_event
