from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stay_event_data_via import StayEventDataVia

T = TypeVar("T", bound="StayEventData")


@_attrs_define
class StayEventData:
    """`stay.checked_in` (`via`: code or app) and `stay.checked_out` (`via`: guest, host or link). `stayId` is a
    reservation or an imported stay.

        Attributes:
            stay_id (UUID):
            via (StayEventDataVia):
    """

    stay_id: UUID
    via: StayEventDataVia
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        stay_id = str(self.stay_id)

        via = self.via.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "stayId": stay_id,
                "via": via,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        stay_id = UUID(d.pop("stayId"))

        via = StayEventDataVia(d.pop("via"))

        stay_event_data = cls(
            stay_id=stay_id,
            via=via,
        )

        stay_event_data.additional_properties = d
        return stay_event_data

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
