from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CouchCreate")


@_attrs_define
class CouchCreate:
    """A new couch. Fields left out take the defaults shown.

    Attributes:
        name (str): One line: no line break or other control character; spaces around it are removed.
        city (str): One line: no line break or other control character; spaces around it are removed.
        country (str): One line: no line break or other control character; spaces around it are removed.
        max_guests (int):
        description (str | Unset):
        address (str | Unset):
        latitude (float | Unset): Sent together with longitude.
        longitude (float | Unset):
        time_zone (str | Unset): IANA time zone; the server default (DEFAULT_TIME_ZONE) when left out.
        check_in_time (str | Unset):  Default: '15:00'.
        check_out_time (str | Unset):  Default: '11:00'.
        nightly_price (str | Unset): A decimal string from 0 to 1000000 with at most two decimals (a year's stay at the
            highest price still fits a total). A JSON number is refused with 422 naming the field, as every amount of money
            is.
        currency (str | Unset):  Default: 'EUR'.
    """

    name: str
    city: str
    country: str
    max_guests: int
    description: str | Unset = UNSET
    address: str | Unset = UNSET
    latitude: float | Unset = UNSET
    longitude: float | Unset = UNSET
    time_zone: str | Unset = UNSET
    check_in_time: str | Unset = "15:00"
    check_out_time: str | Unset = "11:00"
    nightly_price: str | Unset = UNSET
    currency: str | Unset = "EUR"
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        city = self.city

        country = self.country

        max_guests = self.max_guests

        description = self.description

        address = self.address

        latitude = self.latitude

        longitude = self.longitude

        time_zone = self.time_zone

        check_in_time = self.check_in_time

        check_out_time = self.check_out_time

        nightly_price = self.nightly_price

        currency = self.currency

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "city": city,
                "country": country,
                "maxGuests": max_guests,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if address is not UNSET:
            field_dict["address"] = address
        if latitude is not UNSET:
            field_dict["latitude"] = latitude
        if longitude is not UNSET:
            field_dict["longitude"] = longitude
        if time_zone is not UNSET:
            field_dict["timeZone"] = time_zone
        if check_in_time is not UNSET:
            field_dict["checkInTime"] = check_in_time
        if check_out_time is not UNSET:
            field_dict["checkOutTime"] = check_out_time
        if nightly_price is not UNSET:
            field_dict["nightlyPrice"] = nightly_price
        if currency is not UNSET:
            field_dict["currency"] = currency

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        city = d.pop("city")

        country = d.pop("country")

        max_guests = d.pop("maxGuests")

        description = d.pop("description", UNSET)

        address = d.pop("address", UNSET)

        latitude = d.pop("latitude", UNSET)

        longitude = d.pop("longitude", UNSET)

        time_zone = d.pop("timeZone", UNSET)

        check_in_time = d.pop("checkInTime", UNSET)

        check_out_time = d.pop("checkOutTime", UNSET)

        nightly_price = d.pop("nightlyPrice", UNSET)

        currency = d.pop("currency", UNSET)

        couch_create = cls(
            name=name,
            city=city,
            country=country,
            max_guests=max_guests,
            description=description,
            address=address,
            latitude=latitude,
            longitude=longitude,
            time_zone=time_zone,
            check_in_time=check_in_time,
            check_out_time=check_out_time,
            nightly_price=nightly_price,
            currency=currency,
        )

        couch_create.additional_properties = d
        return couch_create

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
