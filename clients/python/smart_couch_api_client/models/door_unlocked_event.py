from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.door_unlocked_event_type import DoorUnlockedEventType

if TYPE_CHECKING:
    from ..models.door_unlocked_event_data import DoorUnlockedEventData


T = TypeVar("T", bound="DoorUnlockedEvent")


@_attrs_define
class DoorUnlockedEvent:
    """`door.unlocked`: A door was unlocked.

    Attributes:
        id (str): Grows in commit order; the SSE `id:` and `SmartCouch-Event-Id`.
        type_ (DoorUnlockedEventType):
        occurred_at (datetime.datetime):
        couch_id (UUID):
        data (DoorUnlockedEventData): `door.unlocked`: by a stay's code (`method` code, naming the stay, never the code;
            `outsideWindow` when the code opened the door outside its stay's window), by hand, or through the app
            (`byUserId`).
    """

    id: str
    type_: DoorUnlockedEventType
    occurred_at: datetime.datetime
    couch_id: UUID
    data: DoorUnlockedEventData

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
        from ..models.door_unlocked_event_data import DoorUnlockedEventData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = DoorUnlockedEventType(d.pop("type"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))

        couch_id = UUID(d.pop("couchId"))

        data = DoorUnlockedEventData.from_dict(d.pop("data"))

        door_unlocked_event = cls(
            id=id,
            type_=type_,
            occurred_at=occurred_at,
            couch_id=couch_id,
            data=data,
        )

        return door_unlocked_event
