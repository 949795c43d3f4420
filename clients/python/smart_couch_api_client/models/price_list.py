from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.price_list_ranges_item import PriceListRangesItem


T = TypeVar("T", bound="PriceList")


@_attrs_define
class PriceList:
    """A couch's prices, in its currency. A night costs the price of the range covering its date, else `weekend` on a
    weekend night, else `nightly`.

        Attributes:
            nightly (str): An amount with two decimals, as a string so that no client rounds it through a float. The rule
                for every amount a client writes (prices, fees, a couch's nightly price): a string; a JSON number in its place
                is refused with 422 naming the field, and nothing changes.
            weekend (str | Unset): An amount with two decimals, as a string so that no client rounds it through a float. The
                rule for every amount a client writes (prices, fees, a couch's nightly price): a string; a JSON number in its
                place is refused with 422 naming the field, and nothing changes.
            weekend_nights (list[int] | Unset): The ISO weekdays (1 Monday … 7 Sunday) of the nights' start that cost
                `weekend`.
            cleaning_fee (str | Unset): An amount with two decimals, as a string so that no client rounds it through a
                float. The rule for every amount a client writes (prices, fees, a couch's nightly price): a string; a JSON
                number in its place is refused with 422 naming the field, and nothing changes.
            extra_guest_fee (str | Unset): An amount with two decimals, as a string so that no client rounds it through a
                float. The rule for every amount a client writes (prices, fees, a couch's nightly price): a string; a JSON
                number in its place is refused with 422 naming the field, and nothing changes.
            extra_guests_above (int | Unset): Each guest above this many pays `extraGuestFee` a night; set with it.
            weekly_discount_percent (int | Unset): Off the nights' sum of a stay of 7 nights or more.
            monthly_discount_percent (int | Unset): Off the nights' sum of a stay of 28 nights or more, instead of the
                weekly one.
            ranges (list[PriceListRangesItem] | Unset): Seasons and events; no two overlap.
            currency (str | Unset): The couch's; ignored in a PUT.
    """

    nightly: str
    weekend: str | Unset = UNSET
    weekend_nights: list[int] | Unset = UNSET
    cleaning_fee: str | Unset = UNSET
    extra_guest_fee: str | Unset = UNSET
    extra_guests_above: int | Unset = UNSET
    weekly_discount_percent: int | Unset = UNSET
    monthly_discount_percent: int | Unset = UNSET
    ranges: list[PriceListRangesItem] | Unset = UNSET
    currency: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        nightly = self.nightly

        weekend = self.weekend

        weekend_nights: list[int] | Unset = UNSET
        if not isinstance(self.weekend_nights, Unset):
            weekend_nights = self.weekend_nights

        cleaning_fee = self.cleaning_fee

        extra_guest_fee = self.extra_guest_fee

        extra_guests_above = self.extra_guests_above

        weekly_discount_percent = self.weekly_discount_percent

        monthly_discount_percent = self.monthly_discount_percent

        ranges: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.ranges, Unset):
            ranges = []
            for ranges_item_data in self.ranges:
                ranges_item = ranges_item_data.to_dict()
                ranges.append(ranges_item)

        currency = self.currency

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "nightly": nightly,
            }
        )
        if weekend is not UNSET:
            field_dict["weekend"] = weekend
        if weekend_nights is not UNSET:
            field_dict["weekendNights"] = weekend_nights
        if cleaning_fee is not UNSET:
            field_dict["cleaningFee"] = cleaning_fee
        if extra_guest_fee is not UNSET:
            field_dict["extraGuestFee"] = extra_guest_fee
        if extra_guests_above is not UNSET:
            field_dict["extraGuestsAbove"] = extra_guests_above
        if weekly_discount_percent is not UNSET:
            field_dict["weeklyDiscountPercent"] = weekly_discount_percent
        if monthly_discount_percent is not UNSET:
            field_dict["monthlyDiscountPercent"] = monthly_discount_percent
        if ranges is not UNSET:
            field_dict["ranges"] = ranges
        if currency is not UNSET:
            field_dict["currency"] = currency

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.price_list_ranges_item import PriceListRangesItem  # noqa: PLC0415

        d = dict(src_dict)
        nightly = d.pop("nightly")

        weekend = d.pop("weekend", UNSET)

        weekend_nights = cast(list[int], d.pop("weekendNights", UNSET))

        cleaning_fee = d.pop("cleaningFee", UNSET)

        extra_guest_fee = d.pop("extraGuestFee", UNSET)

        extra_guests_above = d.pop("extraGuestsAbove", UNSET)

        weekly_discount_percent = d.pop("weeklyDiscountPercent", UNSET)

        monthly_discount_percent = d.pop("monthlyDiscountPercent", UNSET)

        _ranges = d.pop("ranges", UNSET)
        ranges: list[PriceListRangesItem] | Unset = UNSET
        if _ranges is not UNSET:
            ranges = []
            for ranges_item_data in _ranges:
                ranges_item = PriceListRangesItem.from_dict(ranges_item_data)

                ranges.append(ranges_item)

        currency = d.pop("currency", UNSET)

        price_list = cls(
            nightly=nightly,
            weekend=weekend,
            weekend_nights=weekend_nights,
            cleaning_fee=cleaning_fee,
            extra_guest_fee=extra_guest_fee,
            extra_guests_above=extra_guests_above,
            weekly_discount_percent=weekly_discount_percent,
            monthly_discount_percent=monthly_discount_percent,
            ranges=ranges,
            currency=currency,
        )

        price_list.additional_properties = d
        return price_list

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
