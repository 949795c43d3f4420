from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StayRulesWeekdayMinNights")


@_attrs_define
class StayRulesWeekdayMinNights:
    """A different minimum for stays that start on these ISO weekdays (1 Monday … 7 Sunday); none when left out.

    Attributes:
        nights (int): At most `maxNights`.
        weekdays (list[int]):
    """

    nights: int
    weekdays: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        nights = self.nights

        weekdays = self.weekdays

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "nights": nights,
                "weekdays": weekdays,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        nights = d.pop("nights")

        weekdays = cast(list[int], d.pop("weekdays"))

        stay_rules_weekday_min_nights = cls(
            nights=nights,
            weekdays=weekdays,
        )

        stay_rules_weekday_min_nights.additional_properties = d
        return stay_rules_weekday_min_nights

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
