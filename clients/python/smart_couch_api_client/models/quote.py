from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.price_night import PriceNight
    from ..models.quote_violations_item import QuoteViolationsItem


T = TypeVar("T", bound="Quote")


@_attrs_define
class Quote:
    """
    Attributes:
        bookable (bool): Whether a booking of this stay made now would be taken.
        violations (list[QuoteViolationsItem]): Every reason it would not, in a fixed order.
        nights (list[PriceNight]):
        cleaning_fee (str): An amount with two decimals, as a string so that no client rounds it through a float. The
            rule for every amount a client writes (prices, fees, a couch's nightly price): a string; a JSON number in its
            place is refused with 422 naming the field, and nothing changes.
        extra_guest_fees (str): An amount with two decimals, as a string so that no client rounds it through a float.
            The rule for every amount a client writes (prices, fees, a couch's nightly price): a string; a JSON number in
            its place is refused with 422 naming the field, and nothing changes.
        discount (str): An amount with two decimals, as a string so that no client rounds it through a float. The rule
            for every amount a client writes (prices, fees, a couch's nightly price): a string; a JSON number in its place
            is refused with 422 naming the field, and nothing changes.
        total (str): An amount with two decimals, as a string so that no client rounds it through a float. The rule for
            every amount a client writes (prices, fees, a couch's nightly price): a string; a JSON number in its place is
            refused with 422 naming the field, and nothing changes.
        currency (str):
    """

    bookable: bool
    violations: list[QuoteViolationsItem]
    nights: list[PriceNight]
    cleaning_fee: str
    extra_guest_fees: str
    discount: str
    total: str
    currency: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bookable = self.bookable

        violations = []
        for violations_item_data in self.violations:
            violations_item = violations_item_data.to_dict()
            violations.append(violations_item)

        nights = []
        for nights_item_data in self.nights:
            nights_item = nights_item_data.to_dict()
            nights.append(nights_item)

        cleaning_fee = self.cleaning_fee

        extra_guest_fees = self.extra_guest_fees

        discount = self.discount

        total = self.total

        currency = self.currency

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bookable": bookable,
                "violations": violations,
                "nights": nights,
                "cleaningFee": cleaning_fee,
                "extraGuestFees": extra_guest_fees,
                "discount": discount,
                "total": total,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.price_night import PriceNight  # noqa: PLC0415
        from ..models.quote_violations_item import QuoteViolationsItem  # noqa: PLC0415

        d = dict(src_dict)
        bookable = d.pop("bookable")

        violations = []
        _violations = d.pop("violations")
        for violations_item_data in _violations:
            violations_item = QuoteViolationsItem.from_dict(violations_item_data)

            violations.append(violations_item)

        nights = []
        _nights = d.pop("nights")
        for nights_item_data in _nights:
            nights_item = PriceNight.from_dict(nights_item_data)

            nights.append(nights_item)

        cleaning_fee = d.pop("cleaningFee")

        extra_guest_fees = d.pop("extraGuestFees")

        discount = d.pop("discount")

        total = d.pop("total")

        currency = d.pop("currency")

        quote = cls(
            bookable=bookable,
            violations=violations,
            nights=nights,
            cleaning_fee=cleaning_fee,
            extra_guest_fees=extra_guest_fees,
            discount=discount,
            total=total,
            currency=currency,
        )

        quote.additional_properties = d
        return quote

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
