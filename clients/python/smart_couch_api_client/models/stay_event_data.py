from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

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

    def to_dict(self) -> dict[str, Any]:
        stay_id = str(self.stay_id)

        via = self.via.value

        field_dict: dict[str, Any] = {}

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

        return stay_event_data
