from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.trigger_input_catch_up import TriggerInputCatchUp
from ..models.trigger_input_kind import TriggerInputKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="TriggerInput")


@_attrs_define
class TriggerInput:
    """
    Attributes:
        scene_id (UUID): A scene of the couch that unlocks no door.
        kind (TriggerInputKind):
        offset_minutes (int | Unset): beforeCheckIn, afterCheckOut: required.
        vacant_hours (int | Unset): vacancy: required.
        free_ahead_hours (int | Unset): vacancy; 0 when absent.
        time (str | Unset): time: required, the couch's local time.
        weekdays (list[int] | Unset): time: ISO weekdays, 1 Monday … 7 Sunday; every day when absent.
        catch_up (TriggerInputCatchUp | Unset): A firing found late: run once (when absent) or record it skipped.
    """

    scene_id: UUID
    kind: TriggerInputKind
    offset_minutes: int | Unset = UNSET
    vacant_hours: int | Unset = UNSET
    free_ahead_hours: int | Unset = UNSET
    time: str | Unset = UNSET
    weekdays: list[int] | Unset = UNSET
    catch_up: TriggerInputCatchUp | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        scene_id = str(self.scene_id)

        kind = self.kind.value

        offset_minutes = self.offset_minutes

        vacant_hours = self.vacant_hours

        free_ahead_hours = self.free_ahead_hours

        time = self.time

        weekdays: list[int] | Unset = UNSET
        if not isinstance(self.weekdays, Unset):
            weekdays = self.weekdays

        catch_up: str | Unset = UNSET
        if not isinstance(self.catch_up, Unset):
            catch_up = self.catch_up.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sceneId": scene_id,
                "kind": kind,
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
        if catch_up is not UNSET:
            field_dict["catchUp"] = catch_up

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scene_id = UUID(d.pop("sceneId"))

        kind = TriggerInputKind(d.pop("kind"))

        offset_minutes = d.pop("offsetMinutes", UNSET)

        vacant_hours = d.pop("vacantHours", UNSET)

        free_ahead_hours = d.pop("freeAheadHours", UNSET)

        time = d.pop("time", UNSET)

        weekdays = cast(list[int], d.pop("weekdays", UNSET))

        _catch_up = d.pop("catchUp", UNSET)
        catch_up: TriggerInputCatchUp | Unset
        if isinstance(_catch_up, Unset):
            catch_up = UNSET
        else:
            catch_up = TriggerInputCatchUp(_catch_up)

        trigger_input = cls(
            scene_id=scene_id,
            kind=kind,
            offset_minutes=offset_minutes,
            vacant_hours=vacant_hours,
            free_ahead_hours=free_ahead_hours,
            time=time,
            weekdays=weekdays,
            catch_up=catch_up,
        )

        trigger_input.additional_properties = d
        return trigger_input

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
