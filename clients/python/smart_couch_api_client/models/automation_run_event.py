from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.automation_run_event_type import AutomationRunEventType

if TYPE_CHECKING:
    from ..models.automation_run_event_data import AutomationRunEventData


T = TypeVar("T", bound="AutomationRunEvent")


@_attrs_define
class AutomationRunEvent:
    """`automation.run`: A trigger's firing finished or was skipped.

    Attributes:
        id (str): Grows in commit order; the SSE `id:` and `SmartCouch-Event-Id`.
        type_ (AutomationRunEventType):
        occurred_at (datetime.datetime):
        couch_id (UUID):
        data (AutomationRunEventData): `automation.run`: a trigger's firing finished or was skipped (see `GET
            /couches/{id}/automation-runs`).
    """

    id: str
    type_: AutomationRunEventType
    occurred_at: datetime.datetime
    couch_id: UUID
    data: AutomationRunEventData

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
        from ..models.automation_run_event_data import AutomationRunEventData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = AutomationRunEventType(d.pop("type"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))

        couch_id = UUID(d.pop("couchId"))

        data = AutomationRunEventData.from_dict(d.pop("data"))

        automation_run_event = cls(
            id=id,
            type_=type_,
            occurred_at=occurred_at,
            couch_id=couch_id,
            data=data,
        )

        return automation_run_event
