from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.automation_run_kind import AutomationRunKind
from ..models.automation_run_status import AutomationRunStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.automation_run_results_item import AutomationRunResultsItem


T = TypeVar("T", bound="AutomationRun")


@_attrs_define
class AutomationRun:
    """
    Attributes:
        id (UUID):
        scene_name (str):
        kind (AutomationRunKind):
        occasion (str): What the firing was for: a stay's id and the moment, a local date (YYYY-MM-DD), or `vacant since
            …`.
        due_at (datetime.datetime):
        status (AutomationRunStatus): `failed`: some action was not ok (see `results`).
        started_at (datetime.datetime):
        results (list[AutomationRunResultsItem]):
        trigger_id (UUID | Unset): Absent once the trigger was deleted.
        scene_id (UUID | Unset): Absent once the scene was deleted.
        finished_at (datetime.datetime | Unset):
        detail (str | Unset):
    """

    id: UUID
    scene_name: str
    kind: AutomationRunKind
    occasion: str
    due_at: datetime.datetime
    status: AutomationRunStatus
    started_at: datetime.datetime
    results: list[AutomationRunResultsItem]
    trigger_id: UUID | Unset = UNSET
    scene_id: UUID | Unset = UNSET
    finished_at: datetime.datetime | Unset = UNSET
    detail: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        scene_name = self.scene_name

        kind = self.kind.value

        occasion = self.occasion

        due_at = self.due_at.isoformat()

        status = self.status.value

        started_at = self.started_at.isoformat()

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        trigger_id: str | Unset = UNSET
        if not isinstance(self.trigger_id, Unset):
            trigger_id = str(self.trigger_id)

        scene_id: str | Unset = UNSET
        if not isinstance(self.scene_id, Unset):
            scene_id = str(self.scene_id)

        finished_at: str | Unset = UNSET
        if not isinstance(self.finished_at, Unset):
            finished_at = self.finished_at.isoformat()

        detail = self.detail

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "sceneName": scene_name,
                "kind": kind,
                "occasion": occasion,
                "dueAt": due_at,
                "status": status,
                "startedAt": started_at,
                "results": results,
            }
        )
        if trigger_id is not UNSET:
            field_dict["triggerId"] = trigger_id
        if scene_id is not UNSET:
            field_dict["sceneId"] = scene_id
        if finished_at is not UNSET:
            field_dict["finishedAt"] = finished_at
        if detail is not UNSET:
            field_dict["detail"] = detail

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.automation_run_results_item import AutomationRunResultsItem  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        scene_name = d.pop("sceneName")

        kind = AutomationRunKind(d.pop("kind"))

        occasion = d.pop("occasion")

        due_at = datetime.datetime.fromisoformat(d.pop("dueAt"))

        status = AutomationRunStatus(d.pop("status"))

        started_at = datetime.datetime.fromisoformat(d.pop("startedAt"))

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = AutomationRunResultsItem.from_dict(results_item_data)

            results.append(results_item)

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

        _finished_at = d.pop("finishedAt", UNSET)
        finished_at: datetime.datetime | Unset
        if isinstance(_finished_at, Unset):
            finished_at = UNSET
        else:
            finished_at = datetime.datetime.fromisoformat(_finished_at)

        detail = d.pop("detail", UNSET)

        automation_run = cls(
            id=id,
            scene_name=scene_name,
            kind=kind,
            occasion=occasion,
            due_at=due_at,
            status=status,
            started_at=started_at,
            results=results,
            trigger_id=trigger_id,
            scene_id=scene_id,
            finished_at=finished_at,
            detail=detail,
        )

        automation_run.additional_properties = d
        return automation_run

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
