from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.presence_simulation_tonight_item import PresenceSimulationTonightItem


T = TypeVar("T", bound="PresenceSimulation")


@_attrs_define
class PresenceSimulation:
    """
    Attributes:
        couch_id (UUID):
        enabled (bool):
        light_ids (list[UUID]):
        from_ (str):
        until (str):
        max_on_minutes (int):
        tonight (list[PresenceSimulationTonightItem]): The plan of the couch's current local evening, in order; empty
            while off. Followed only while the couch is empty.
        switched_on (list[UUID]): The lights the simulation has switched on and not yet put back.
        updated_at (datetime.datetime | Unset): Absent until the host first sets it.
    """

    couch_id: UUID
    enabled: bool
    light_ids: list[UUID]
    from_: str
    until: str
    max_on_minutes: int
    tonight: list[PresenceSimulationTonightItem]
    switched_on: list[UUID]
    updated_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        couch_id = str(self.couch_id)

        enabled = self.enabled

        light_ids = []
        for light_ids_item_data in self.light_ids:
            light_ids_item = str(light_ids_item_data)
            light_ids.append(light_ids_item)

        from_ = self.from_

        until = self.until

        max_on_minutes = self.max_on_minutes

        tonight = []
        for tonight_item_data in self.tonight:
            tonight_item = tonight_item_data.to_dict()
            tonight.append(tonight_item)

        switched_on = []
        for switched_on_item_data in self.switched_on:
            switched_on_item = str(switched_on_item_data)
            switched_on.append(switched_on_item)

        updated_at: str | Unset = UNSET
        if not isinstance(self.updated_at, Unset):
            updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "couchId": couch_id,
                "enabled": enabled,
                "lightIds": light_ids,
                "from": from_,
                "until": until,
                "maxOnMinutes": max_on_minutes,
                "tonight": tonight,
                "switchedOn": switched_on,
            }
        )
        if updated_at is not UNSET:
            field_dict["updatedAt"] = updated_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.presence_simulation_tonight_item import PresenceSimulationTonightItem  # noqa: PLC0415

        d = dict(src_dict)
        couch_id = UUID(d.pop("couchId"))

        enabled = d.pop("enabled")

        light_ids = []
        _light_ids = d.pop("lightIds")
        for light_ids_item_data in _light_ids:
            light_ids_item = UUID(light_ids_item_data)

            light_ids.append(light_ids_item)

        from_ = d.pop("from")

        until = d.pop("until")

        max_on_minutes = d.pop("maxOnMinutes")

        tonight = []
        _tonight = d.pop("tonight")
        for tonight_item_data in _tonight:
            tonight_item = PresenceSimulationTonightItem.from_dict(tonight_item_data)

            tonight.append(tonight_item)

        switched_on = []
        _switched_on = d.pop("switchedOn")
        for switched_on_item_data in _switched_on:
            switched_on_item = UUID(switched_on_item_data)

            switched_on.append(switched_on_item)

        _updated_at = d.pop("updatedAt", UNSET)
        updated_at: datetime.datetime | Unset
        if isinstance(_updated_at, Unset):
            updated_at = UNSET
        else:
            updated_at = datetime.datetime.fromisoformat(_updated_at)

        presence_simulation = cls(
            couch_id=couch_id,
            enabled=enabled,
            light_ids=light_ids,
            from_=from_,
            until=until,
            max_on_minutes=max_on_minutes,
            tonight=tonight,
            switched_on=switched_on,
            updated_at=updated_at,
        )

        presence_simulation.additional_properties = d
        return presence_simulation

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
