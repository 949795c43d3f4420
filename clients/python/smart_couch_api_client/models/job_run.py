from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.job_run_status import JobRunStatus
from ..models.job_run_trigger import JobRunTrigger
from ..types import UNSET, Unset

T = TypeVar("T", bound="JobRun")


@_attrs_define
class JobRun:
    """
    Attributes:
        id (UUID):
        job (str):
        trigger (JobRunTrigger):
        started_at (datetime.datetime):
        status (JobRunStatus):
        scheduled_for (datetime.datetime | Unset): The slot of a scheduled run.
        finished_at (datetime.datetime | Unset):
        summary (Any | Unset): What the job reported; its shape is the job's own.
        error (str | Unset): Why a failed run failed.
    """

    id: UUID
    job: str
    trigger: JobRunTrigger
    started_at: datetime.datetime
    status: JobRunStatus
    scheduled_for: datetime.datetime | Unset = UNSET
    finished_at: datetime.datetime | Unset = UNSET
    summary: Any | Unset = UNSET
    error: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        job = self.job

        trigger = self.trigger.value

        started_at = self.started_at.isoformat()

        status = self.status.value

        scheduled_for: str | Unset = UNSET
        if not isinstance(self.scheduled_for, Unset):
            scheduled_for = self.scheduled_for.isoformat()

        finished_at: str | Unset = UNSET
        if not isinstance(self.finished_at, Unset):
            finished_at = self.finished_at.isoformat()

        summary = self.summary

        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "job": job,
                "trigger": trigger,
                "startedAt": started_at,
                "status": status,
            }
        )
        if scheduled_for is not UNSET:
            field_dict["scheduledFor"] = scheduled_for
        if finished_at is not UNSET:
            field_dict["finishedAt"] = finished_at
        if summary is not UNSET:
            field_dict["summary"] = summary
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        job = d.pop("job")

        trigger = JobRunTrigger(d.pop("trigger"))

        started_at = datetime.datetime.fromisoformat(d.pop("startedAt"))

        status = JobRunStatus(d.pop("status"))

        _scheduled_for = d.pop("scheduledFor", UNSET)
        scheduled_for: datetime.datetime | Unset
        if isinstance(_scheduled_for, Unset):
            scheduled_for = UNSET
        else:
            scheduled_for = datetime.datetime.fromisoformat(_scheduled_for)

        _finished_at = d.pop("finishedAt", UNSET)
        finished_at: datetime.datetime | Unset
        if isinstance(_finished_at, Unset):
            finished_at = UNSET
        else:
            finished_at = datetime.datetime.fromisoformat(_finished_at)

        summary = d.pop("summary", UNSET)

        error = d.pop("error", UNSET)

        job_run = cls(
            id=id,
            job=job,
            trigger=trigger,
            started_at=started_at,
            status=status,
            scheduled_for=scheduled_for,
            finished_at=finished_at,
            summary=summary,
            error=error,
        )

        job_run.additional_properties = d
        return job_run

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
