from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CouchPatch")


@_attrs_define
class CouchPatch:
    """The fields to change; a field left out keeps its value. No field has a default here, so a generated client sends
    only what it was given.

        Attributes:
            name (str | Unset): One line: no line break or other control character; spaces around it are removed.
            description (str | Unset):
            address (str | Unset):
            city (str | Unset): One line: no line break or other control character; spaces around it are removed.
            country (str | Unset): One line: no line break or other control character; spaces around it are removed.
            max_guests (int | Unset):
            latitude (float | Unset): Sent together with longitude.
            longitude (float | Unset):
            time_zone (str | Unset): IANA time zone.
            check_in_time (str | Unset):
            check_out_time (str | Unset):
            nightly_price (str | Unset): A decimal string from 0 to 1000000 with at most two decimals (a year's stay at the
                highest price still fits a total). A JSON number is refused with 422 naming the field, as every amount of money
                is.
            currency (str | Unset):
    """

    name: str | Unset = UNSET
    description: str | Unset = UNSET
    address: str | Unset = UNSET
    city: str | Unset = UNSET
    country: str | Unset = UNSET
    max_guests: int | Unset = UNSET
    latitude: float | Unset = UNSET
    longitude: float | Unset = UNSET
    time_zone: str | Unset = UNSET
    check_in_time: str | Unset = UNSET
    check_out_time: str | Unset = UNSET
    nightly_price: str | Unset = UNSET
    currency: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        address = self.address

        city = self.city

        country = self.country

        max_guests = self.max_guests

        latitude = self.latitude

        longitude = self.longitude

        time_zone = self.time_zone

        check_in_time = self.check_in_time

        check_out_time = self.check_out_time

        nightly_price = self.nightly_price

        currency = self.currency

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if address is not UNSET:
            field_dict["address"] = address
        if city is not UNSET:
            field_dict["city"] = city
        if country is not UNSET:
            field_dict["country"] = country
        if max_guests is not UNSET:
            field_dict["maxGuests"] = max_guests
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
        name = d.pop("name", UNSET)

        description = d.pop("description", UNSET)

        address = d.pop("address", UNSET)

        city = d.pop("city", UNSET)

        country = d.pop("country", UNSET)

        max_guests = d.pop("maxGuests", UNSET)

        latitude = d.pop("latitude", UNSET)

        longitude = d.pop("longitude", UNSET)

        time_zone = d.pop("timeZone", UNSET)

        check_in_time = d.pop("checkInTime", UNSET)

        check_out_time = d.pop("checkOutTime", UNSET)

        nightly_price = d.pop("nightlyPrice", UNSET)

        currency = d.pop("currency", UNSET)

        couch_patch = cls(
            name=name,
            description=description,
            address=address,
            city=city,
            country=country,
            max_guests=max_guests,
            latitude=latitude,
            longitude=longitude,
            time_zone=time_zone,
            check_in_time=check_in_time,
            check_out_time=check_out_time,
            nightly_price=nightly_price,
            currency=currency,
        )

        couch_patch.additional_properties = d
        return couch_patch

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
