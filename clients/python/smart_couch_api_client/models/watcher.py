from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Watcher")


@_attrs_define
class Watcher:
    """
    Attributes:
        id (UUID): The weatherWatcher device's configuration id.
        couch_id (UUID):
        name (str):
        guest_controllable (bool):
        heating_configuration_id (UUID | Unset):
        cooling_configuration_id (UUID | Unset):
        heat_on_below (float | Unset):
        heat_off_above (float | Unset):
        cool_on_above (float | Unset):
        cool_off_below (float | Unset):
        updated_at (datetime.datetime | Unset):
    """

    id: UUID
    couch_id: UUID
    name: str
    guest_controllable: bool
    heating_configuration_id: UUID | Unset = UNSET
    cooling_configuration_id: UUID | Unset = UNSET
    heat_on_below: float | Unset = UNSET
    heat_off_above: float | Unset = UNSET
    cool_on_above: float | Unset = UNSET
    cool_off_below: float | Unset = UNSET
    updated_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        couch_id = str(self.couch_id)

        name = self.name

        guest_controllable = self.guest_controllable

        heating_configuration_id: str | Unset = UNSET
        if not isinstance(self.heating_configuration_id, Unset):
            heating_configuration_id = str(self.heating_configuration_id)

        cooling_configuration_id: str | Unset = UNSET
        if not isinstance(self.cooling_configuration_id, Unset):
            cooling_configuration_id = str(self.cooling_configuration_id)

        heat_on_below = self.heat_on_below

        heat_off_above = self.heat_off_above

        cool_on_above = self.cool_on_above

        cool_off_below = self.cool_off_below

        updated_at: str | Unset = UNSET
        if not isinstance(self.updated_at, Unset):
            updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "couchId": couch_id,
                "name": name,
                "guestControllable": guest_controllable,
            }
        )
        if heating_configuration_id is not UNSET:
            field_dict["heatingConfigurationId"] = heating_configuration_id
        if cooling_configuration_id is not UNSET:
            field_dict["coolingConfigurationId"] = cooling_configuration_id
        if heat_on_below is not UNSET:
            field_dict["heatOnBelow"] = heat_on_below
        if heat_off_above is not UNSET:
            field_dict["heatOffAbove"] = heat_off_above
        if cool_on_above is not UNSET:
            field_dict["coolOnAbove"] = cool_on_above
        if cool_off_below is not UNSET:
            field_dict["coolOffBelow"] = cool_off_below
        if updated_at is not UNSET:
            field_dict["updatedAt"] = updated_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        couch_id = UUID(d.pop("couchId"))

        name = d.pop("name")

        guest_controllable = d.pop("guestControllable")

        _heating_configuration_id = d.pop("heatingConfigurationId", UNSET)
        heating_configuration_id: UUID | Unset
        if isinstance(_heating_configuration_id, Unset):
            heating_configuration_id = UNSET
        else:
            heating_configuration_id = UUID(_heating_configuration_id)

        _cooling_configuration_id = d.pop("coolingConfigurationId", UNSET)
        cooling_configuration_id: UUID | Unset
        if isinstance(_cooling_configuration_id, Unset):
            cooling_configuration_id = UNSET
        else:
            cooling_configuration_id = UUID(_cooling_configuration_id)

        heat_on_below = d.pop("heatOnBelow", UNSET)

        heat_off_above = d.pop("heatOffAbove", UNSET)

        cool_on_above = d.pop("coolOnAbove", UNSET)

        cool_off_below = d.pop("coolOffBelow", UNSET)

        _updated_at = d.pop("updatedAt", UNSET)
        updated_at: datetime.datetime | Unset
        if isinstance(_updated_at, Unset):
            updated_at = UNSET
        else:
            updated_at = datetime.datetime.fromisoformat(_updated_at)

        watcher = cls(
            id=id,
            couch_id=couch_id,
            name=name,
            guest_controllable=guest_controllable,
            heating_configuration_id=heating_configuration_id,
            cooling_configuration_id=cooling_configuration_id,
            heat_on_below=heat_on_below,
            heat_off_above=heat_off_above,
            cool_on_above=cool_on_above,
            cool_off_below=cool_off_below,
            updated_at=updated_at,
        )

        watcher.additional_properties = d
        return watcher

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
