from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.trigger_catch_up import TriggerCatchUp
from ..models.trigger_kind import TriggerKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="Trigger")


@_attrs_define
class Trigger:
    """
    Attributes:
        id (UUID):
        couch_id (UUID):
        scene_id (UUID):
        kind (TriggerKind):
        catch_up (TriggerCatchUp):
        created_at (datetime.datetime):
        offset_minutes (int | Unset):
        vacant_hours (int | Unset):
        free_ahead_hours (int | Unset):
        time (str | Unset):
        weekdays (list[int] | Unset):
    """

    id: UUID
    couch_id: UUID
    scene_id: UUID
    kind: TriggerKind
    catch_up: TriggerCatchUp
    created_at: datetime.datetime
    offset_minutes: int | Unset = UNSET
    vacant_hours: int | Unset = UNSET
    free_ahead_hours: int | Unset = UNSET
    time: str | Unset = UNSET
    weekdays: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        couch_id = str(self.couch_id)

        scene_id = str(self.scene_id)

        kind = self.kind.value

        catch_up = self.catch_up.value

        created_at = self.created_at.isoformat()

        offset_minutes = self.offset_minutes

        vacant_hours = self.vacant_hours

        free_ahead_hours = self.free_ahead_hours

        time = self.time

        weekdays: list[int] | Unset = UNSET
        if not isinstance(self.weekdays, Unset):
            weekdays = self.weekdays

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "couchId": couch_id,
                "sceneId": scene_id,
                "kind": kind,
                "catchUp": catch_up,
                "createdAt": created_at,
            }
        )
        if offset_minutes is not UNSET:
            field_dict["offsetMinutes"] = offset_minutes
        if vacant_hours is not UNSET:
            field_dict["vacantHours"] = vacant_hours
        if free_ahead_hours is not UNSET:
            field_dict["freeAheadHours"] = free_ahead_hours
        if time is not UNSET:
            field_dict["time"] = time
        if weekdays is not UNSET:
            field_dict["weekdays"] = weekdays

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        couch_id = UUID(d.pop("couchId"))

        scene_id = UUID(d.pop("sceneId"))

        kind = TriggerKind(d.pop("kind"))

        catch_up = TriggerCatchUp(d.pop("catchUp"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        offset_minutes = d.pop("offsetMinutes", UNSET)

        vacant_hours = d.pop("vacantHours", UNSET)

        free_ahead_hours = d.pop("freeAheadHours", UNSET)

        time = d.pop("time", UNSET)

        weekdays = cast(list[int], d.pop("weekdays", UNSET))

        trigger = cls(
            id=id,
            couch_id=couch_id,
            scene_id=scene_id,
            kind=kind,
            catch_up=catch_up,
            created_at=created_at,
            offset_minutes=offset_minutes,
            vacant_hours=vacant_hours,
            free_ahead_hours=free_ahead_hours,
            time=time,
            weekdays=weekdays,
        )

        trigger.additional_properties = d
        return trigger

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
