from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PriceNight")


@_attrs_define
class PriceNight:
    """
    Attributes:
        date (datetime.date):
        nightly (str): An amount with two decimals, as a string so that no client rounds it through a float. The rule
            for every amount a client writes (prices, fees, a couch's nightly price): a string; a JSON number in its place
            is refused with 422 naming the field, and nothing changes.
    """

    date: datetime.date
    nightly: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        nightly = self.nightly

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "date": date,
                "nightly": nightly,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))

        nightly = d.pop("nightly")

        price_night = cls(
            date=date,
            nightly=nightly,
        )

        price_night.additional_properties = d
        return price_night

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
