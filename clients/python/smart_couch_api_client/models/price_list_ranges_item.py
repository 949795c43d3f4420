from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PriceListRangesItem")


@_attrs_define
class PriceListRangesItem:
    """
    Attributes:
        from_ (datetime.date): The first night.
        to (datetime.date): The night after the last, as a stay's checkOut; at most 366 nights after `from`.
        nightly (str): An amount with two decimals, as a string so that no client rounds it through a float. The rule
            for every amount a client writes (prices, fees, a couch's nightly price): a string; a JSON number in its place
            is refused with 422 naming the field, and nothing changes.
    """

    from_: datetime.date
    to: datetime.date
    nightly: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_.isoformat()

        to = self.to.isoformat()

        nightly = self.nightly

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "from": from_,
                "to": to,
                "nightly": nightly,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        from_ = datetime.date.fromisoformat(d.pop("from"))

        to = datetime.date.fromisoformat(d.pop("to"))

        nightly = d.pop("nightly")

        price_list_ranges_item = cls(
            from_=from_,
            to=to,
            nightly=nightly,
        )

        price_list_ranges_item.additional_properties = d
        return price_list_ranges_item

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
