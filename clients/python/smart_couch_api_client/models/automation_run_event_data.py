from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.automation_run_event_data_kind import AutomationRunEventDataKind
from ..models.automation_run_event_data_status import AutomationRunEventDataStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="AutomationRunEventData")


@_attrs_define
class AutomationRunEventData:
    """`automation.run`: a trigger's firing finished or was skipped (see `GET /couches/{id}/automation-runs`).

    Attributes:
        run_id (UUID):
        scene_name (str):
        kind (AutomationRunEventDataKind):
        status (AutomationRunEventDataStatus):
        due_at (datetime.datetime):
        trigger_id (UUID | Unset):
        scene_id (UUID | Unset):
    """

    run_id: UUID
    scene_name: str
    kind: AutomationRunEventDataKind
    status: AutomationRunEventDataStatus
    due_at: datetime.datetime
    trigger_id: UUID | Unset = UNSET
    scene_id: UUID | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        run_id = str(self.run_id)

        scene_name = self.scene_name

        kind = self.kind.value

        status = self.status.value

        due_at = self.due_at.isoformat()

        trigger_id: str | Unset = UNSET
        if not isinstance(self.trigger_id, Unset):
            trigger_id = str(self.trigger_id)

        scene_id: str | Unset = UNSET
        if not isinstance(self.scene_id, Unset):
            scene_id = str(self.scene_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "runId": run_id,
                "sceneName": scene_name,
                "kind": kind,
                "status": status,
                "dueAt": due_at,
            }
        )
        if trigger_id is not UNSET:
            field_dict["triggerId"] = trigger_id
        if scene_id is not UNSET:
            field_dict["sceneId"] = scene_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        run_id = UUID(d.pop("runId"))

        scene_name = d.pop("sceneName")

        kind = AutomationRunEventDataKind(d.pop("kind"))

        status = AutomationRunEventDataStatus(d.pop("status"))

        due_at = datetime.datetime.fromisoformat(d.pop("dueAt"))

        _trigger_id = d.pop("triggerId", UNSET)
        trigger_id: UUID | Unset
        if isinstance(_trigger_id, Unset):
            trigger_id = UNSET
        else:
            trigger_id = UUID(_trigger_id)

        _scene_id = d.pop("sceneId", UNSET)
        scene_id: UUID | Unset
        if isinstance(_scene_id, Unset):
            scene_id = UNSET
        else:
            scene_id = UUID(_scene_id)

        automation_run_event_data = cls(
            run_id=run_id,
            scene_name=scene_name,
            kind=kind,
            status=status,
            due_at=due_at,
            trigger_id=trigger_id,
            scene_id=scene_id,
        )

        return automation_run_event_data
