from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ConsoleAddTriggerBody")


@_attrs_define
class ConsoleAddTriggerBody:
    """
    Attributes:
        csrf (str): The form token every console page puts in its forms.
        scene_id (str | Unset):
        kind (str | Unset):
        offset_minutes (str | Unset): A whole number, or empty for none.
        vacant_hours (str | Unset): A whole number, or empty for none.
        free_ahead_hours (str | Unset): A whole number, or empty for none.
        time (str | Unset):
        catch_up (str | Unset):
    """

    csrf: str
    scene_id: str | Unset = UNSET
    kind: str | Unset = UNSET
    offset_minutes: str | Unset = UNSET
    vacant_hours: str | Unset = UNSET
    free_ahead_hours: str | Unset = UNSET
    time: str | Unset = UNSET
    catch_up: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        csrf = self.csrf

        scene_id = self.scene_id

        kind = self.kind

        offset_minutes = self.offset_minutes

        vacant_hours = self.vacant_hours

        free_ahead_hours = self.free_ahead_hours

        time = self.time

        catch_up = self.catch_up

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "csrf": csrf,
            }
        )
        if scene_id is not UNSET:
            field_dict["sceneId"] = scene_id
        if kind is not UNSET:
            field_dict["kind"] = kind
        if offset_minutes is not UNSET:
            field_dict["offsetMinutes"] = offset_minutes
        if vacant_hours is not UNSET:
            field_dict["vacantHours"] = vacant_hours
        if free_ahead_hours is not UNSET:
            field_dict["freeAheadHours"] = free_ahead_hours
        if time is not UNSET:
            field_dict["time"] = time
        if catch_up is not UNSET:
            field_dict["catchUp"] = catch_up

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        csrf = d.pop("csrf")

        scene_id = d.pop("sceneId", UNSET)

        kind = d.pop("kind", UNSET)

        offset_minutes = d.pop("offsetMinutes", UNSET)

        vacant_hours = d.pop("vacantHours", UNSET)

        free_ahead_hours = d.pop("freeAheadHours", UNSET)

        time = d.pop("time", UNSET)

        catch_up = d.pop("catchUp", UNSET)

        console_add_trigger_body = cls(
            csrf=csrf,
            scene_id=scene_id,
            kind=kind,
            offset_minutes=offset_minutes,
            vacant_hours=vacant_hours,
            free_ahead_hours=free_ahead_hours,
            time=time,
            catch_up=catch_up,
        )

        console_add_trigger_body.additional_properties = d
        return console_add_trigger_body

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
