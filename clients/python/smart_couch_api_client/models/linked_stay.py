from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stay_state import StayState
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.guest_code import GuestCode
    from ..models.guide import Guide


T = TypeVar("T", bound="LinkedStay")


@_attrs_define
class LinkedStay:
    """
    Attributes:
        couch_name (str):
        time_zone (str): The couch's IANA time zone, in which check-in and check-out times are meant.
        state (StayState): Where the stay is for its guest: before its code window opens, inside it, checked in (the
            first unlock), and over or checked out.
        address (str):
        city (str):
        country (str):
        check_in (datetime.date):
        check_out (datetime.date):
        check_in_time (str):
        check_out_time (str):
        codes_visible_from (datetime.datetime): From when `codes` lists the stay's codes: the couch's `revealHours`
            before `accessFrom`. Before then the list is empty.
        codes (list[GuestCode]):
        image_url (str | Unset): The path of the couch's first image, when it has one.
        latitude (float | Unset):
        longitude (float | Unset):
        checked_in_at (datetime.datetime | Unset): The first unlock inside the stay window, by the stay's code on a
            keypad or through the app.
        checked_out_at (datetime.datetime | Unset): When the guest or the host checked the stay out early.
        guide (Guide | Unset): What a host tells the guest. Every field is optional plain text; line breaks are kept in
            the texts. A blank field is left out.
    """

    couch_name: str
    time_zone: str
    state: StayState
    address: str
    city: str
    country: str
    check_in: datetime.date
    check_out: datetime.date
    check_in_time: str
    check_out_time: str
    codes_visible_from: datetime.datetime
    codes: list[GuestCode]
    image_url: str | Unset = UNSET
    latitude: float | Unset = UNSET
    longitude: float | Unset = UNSET
    checked_in_at: datetime.datetime | Unset = UNSET
    checked_out_at: datetime.datetime | Unset = UNSET
    guide: Guide | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        couch_name = self.couch_name

        time_zone = self.time_zone

        state = self.state.value

        address = self.address

        city = self.city

        country = self.country

        check_in = self.check_in.isoformat()

        check_out = self.check_out.isoformat()

        check_in_time = self.check_in_time

        check_out_time = self.check_out_time

        codes_visible_from = self.codes_visible_from.isoformat()

        codes = []
        for codes_item_data in self.codes:
            codes_item = codes_item_data.to_dict()
            codes.append(codes_item)

        image_url = self.image_url

        latitude = self.latitude

        longitude = self.longitude

        checked_in_at: str | Unset = UNSET
        if not isinstance(self.checked_in_at, Unset):
            checked_in_at = self.checked_in_at.isoformat()

        checked_out_at: str | Unset = UNSET
        if not isinstance(self.checked_out_at, Unset):
            checked_out_at = self.checked_out_at.isoformat()

        guide: dict[str, Any] | Unset = UNSET
        if not isinstance(self.guide, Unset):
            guide = self.guide.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "couchName": couch_name,
                "timeZone": time_zone,
                "state": state,
                "address": address,
                "city": city,
                "country": country,
                "checkIn": check_in,
                "checkOut": check_out,
                "checkInTime": check_in_time,
                "checkOutTime": check_out_time,
                "codesVisibleFrom": codes_visible_from,
                "codes": codes,
            }
        )
        if image_url is not UNSET:
            field_dict["imageUrl"] = image_url
        if latitude is not UNSET:
            field_dict["latitude"] = latitude
        if longitude is not UNSET:
            field_dict["longitude"] = longitude
        if checked_in_at is not UNSET:
            field_dict["checkedInAt"] = checked_in_at
        if checked_out_at is not UNSET:
            field_dict["checkedOutAt"] = checked_out_at
        if guide is not UNSET:
            field_dict["guide"] = guide

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.guest_code import GuestCode  # noqa: PLC0415
        from ..models.guide import Guide  # noqa: PLC0415

        d = dict(src_dict)
        couch_name = d.pop("couchName")

        time_zone = d.pop("timeZone")

        state = StayState(d.pop("state"))

        address = d.pop("address")

        city = d.pop("city")

        country = d.pop("country")

        check_in = datetime.date.fromisoformat(d.pop("checkIn"))

        check_out = datetime.date.fromisoformat(d.pop("checkOut"))

        check_in_time = d.pop("checkInTime")

        check_out_time = d.pop("checkOutTime")

        codes_visible_from = datetime.datetime.fromisoformat(d.pop("codesVisibleFrom"))

        codes = []
        _codes = d.pop("codes")
        for codes_item_data in _codes:
            codes_item = GuestCode.from_dict(codes_item_data)

            codes.append(codes_item)

        image_url = d.pop("imageUrl", UNSET)

        latitude = d.pop("latitude", UNSET)

        longitude = d.pop("longitude", UNSET)

        _checked_in_at = d.pop("checkedInAt", UNSET)
        checked_in_at: datetime.datetime | Unset
        if isinstance(_checked_in_at, Unset):
            checked_in_at = UNSET
        else:
            checked_in_at = datetime.datetime.fromisoformat(_checked_in_at)

        _checked_out_at = d.pop("checkedOutAt", UNSET)
        checked_out_at: datetime.datetime | Unset
        if isinstance(_checked_out_at, Unset):
            checked_out_at = UNSET
        else:
            checked_out_at = datetime.datetime.fromisoformat(_checked_out_at)

        _guide = d.pop("guide", UNSET)
        guide: Guide | Unset
        if isinstance(_guide, Unset):
            guide = UNSET
        else:
            guide = Guide.from_dict(_guide)

        linked_stay = cls(
            couch_name=couch_name,
            time_zone=time_zone,
            state=state,
            address=address,
            city=city,
            country=country,
            check_in=check_in,
            check_out=check_out,
            check_in_time=check_in_time,
            check_out_time=check_out_time,
            codes_visible_from=codes_visible_from,
            codes=codes,
            image_url=image_url,
            latitude=latitude,
            longitude=longitude,
            checked_in_at=checked_in_at,
            checked_out_at=checked_out_at,
            guide=guide,
        )

        linked_stay.additional_properties = d
        return linked_stay

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
