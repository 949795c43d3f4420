from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rating_summary import RatingSummary


T = TypeVar("T", bound="Couch")


@_attrs_define
class Couch:
    """
    Attributes:
        id (UUID):
        owner_id (UUID):
        owner_name (str):
        name (str):
        description (str):
        address (str):
        city (str):
        country (str):
        max_guests (int):
        time_zone (str):
        check_in_time (str):
        check_out_time (str):
        nightly_price (str): An amount with two decimals, as a string so that no client rounds it through a float. The
            rule for every amount a client writes (prices, fees, a couch's nightly price): a string; a JSON number in its
            place is refused with 422 naming the field, and nothing changes.
        currency (str):
        images (list[str]): Paths of the couch's images (GET them), in order.
        rating (RatingSummary):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        latitude (float | Unset):
        longitude (float | Unset):
    """

    id: UUID
    owner_id: UUID
    owner_name: str
    name: str
    description: str
    address: str
    city: str
    country: str
    max_guests: int
    time_zone: str
    check_in_time: str
    check_out_time: str
    nightly_price: str
    currency: str
    images: list[str]
    rating: RatingSummary
    created_at: datetime.datetime
    updated_at: datetime.datetime
    latitude: float | Unset = UNSET
    longitude: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        owner_id = str(self.owner_id)

        owner_name = self.owner_name

        name = self.name

        description = self.description

        address = self.address

        city = self.city

        country = self.country

        max_guests = self.max_guests

        time_zone = self.time_zone

        check_in_time = self.check_in_time

        check_out_time = self.check_out_time

        nightly_price = self.nightly_price

        currency = self.currency

        images = self.images

        rating = self.rating.to_dict()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        latitude = self.latitude

        longitude = self.longitude

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "ownerId": owner_id,
                "ownerName": owner_name,
                "name": name,
                "description": description,
                "address": address,
                "city": city,
                "country": country,
                "maxGuests": max_guests,
                "timeZone": time_zone,
                "checkInTime": check_in_time,
                "checkOutTime": check_out_time,
                "nightlyPrice": nightly_price,
                "currency": currency,
                "images": images,
                "rating": rating,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )
        if latitude is not UNSET:
            field_dict["latitude"] = latitude
        if longitude is not UNSET:
            field_dict["longitude"] = longitude

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_summary import RatingSummary  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        owner_id = UUID(d.pop("ownerId"))

        owner_name = d.pop("ownerName")

        name = d.pop("name")

        description = d.pop("description")

        address = d.pop("address")

        city = d.pop("city")

        country = d.pop("country")

        max_guests = d.pop("maxGuests")

        time_zone = d.pop("timeZone")

        check_in_time = d.pop("checkInTime")

        check_out_time = d.pop("checkOutTime")

        nightly_price = d.pop("nightlyPrice")

        currency = d.pop("currency")

        images = cast(list[str], d.pop("images"))

        rating = RatingSummary.from_dict(d.pop("rating"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        latitude = d.pop("latitude", UNSET)

        longitude = d.pop("longitude", UNSET)

        couch = cls(
            id=id,
            owner_id=owner_id,
            owner_name=owner_name,
            name=name,
            description=description,
            address=address,
            city=city,
            country=country,
            max_guests=max_guests,
            time_zone=time_zone,
            check_in_time=check_in_time,
            check_out_time=check_out_time,
            nightly_price=nightly_price,
            currency=currency,
            images=images,
            rating=rating,
            created_at=created_at,
            updated_at=updated_at,
            latitude=latitude,
            longitude=longitude,
        )

        couch.additional_properties = d
        return couch

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
