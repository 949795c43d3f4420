from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="WatcherInput")


@_attrs_define
class WatcherInput:
    """
    Attributes:
        heat_on_below (float): °C outdoors below which the heating goes on.
        heat_off_above (float): °C outdoors above which the heating goes off.
        cool_on_above (float): °C outdoors above which the cooling goes on.
        cool_off_below (float): °C outdoors below which the cooling goes off.
        heating_configuration_id (UUID | Unset): A heating device of the same couch.
        cooling_configuration_id (UUID | Unset): A cooling device of the same couch.
    """

    heat_on_below: float
    heat_off_above: float
    cool_on_above: float
    cool_off_below: float
    heating_configuration_id: UUID | Unset = UNSET
    cooling_configuration_id: UUID | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        heat_on_below = self.heat_on_below

        heat_off_above = self.heat_off_above

        cool_on_above = self.cool_on_above

        cool_off_below = self.cool_off_below

        heating_configuration_id: str | Unset = UNSET
        if not isinstance(self.heating_configuration_id, Unset):
            heating_configuration_id = str(self.heating_configuration_id)

        cooling_configuration_id: str | Unset = UNSET
        if not isinstance(self.cooling_configuration_id, Unset):
            cooling_configuration_id = str(self.cooling_configuration_id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "heatOnBelow": heat_on_below,
                "heatOffAbove": heat_off_above,
                "coolOnAbove": cool_on_above,
                "coolOffBelow": cool_off_below,
            }
        )
        if heating_configuration_id is not UNSET:
            field_dict["heatingConfigurationId"] = heating_configuration_id
        if cooling_configuration_id is not UNSET:
            field_dict["coolingConfigurationId"] = cooling_configuration_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        heat_on_below = d.pop("heatOnBelow")

        heat_off_above = d.pop("heatOffAbove")

        cool_on_above = d.pop("coolOnAbove")

        cool_off_below = d.pop("coolOffBelow")

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

        watcher_input = cls(
            heat_on_below=heat_on_below,
            heat_off_above=heat_off_above,
            cool_on_above=cool_on_above,
            cool_off_below=cool_off_below,
            heating_configuration_id=heating_configuration_id,
            cooling_configuration_id=cooling_configuration_id,
        )

        watcher_input.additional_properties = d
        return watcher_input

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
