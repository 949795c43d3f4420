from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ConsoleSaveGuideBody")


@_attrs_define
class ConsoleSaveGuideBody:
    """
    Attributes:
        csrf (str): The form token every console page puts in its forms.
        wifi_name (str | Unset):
        wifi_password (str | Unset):
        arrival (str | Unset):
        departure (str | Unset):
        house_rules (str | Unset):
        parking (str | Unset):
        host_name (str | Unset):
        host_phone (str | Unset):
    """

    csrf: str
    wifi_name: str | Unset = UNSET
    wifi_password: str | Unset = UNSET
    arrival: str | Unset = UNSET
    departure: str | Unset = UNSET
    house_rules: str | Unset = UNSET
    parking: str | Unset = UNSET
    host_name: str | Unset = UNSET
    host_phone: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        csrf = self.csrf

        wifi_name = self.wifi_name

        wifi_password = self.wifi_password

        arrival = self.arrival

        departure = self.departure

        house_rules = self.house_rules

        parking = self.parking

        host_name = self.host_name

        host_phone = self.host_phone

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "csrf": csrf,
            }
        )
        if wifi_name is not UNSET:
            field_dict["wifiName"] = wifi_name
        if wifi_password is not UNSET:
            field_dict["wifiPassword"] = wifi_password
        if arrival is not UNSET:
            field_dict["arrival"] = arrival
        if departure is not UNSET:
            field_dict["departure"] = departure
        if house_rules is not UNSET:
            field_dict["houseRules"] = house_rules
        if parking is not UNSET:
            field_dict["parking"] = parking
        if host_name is not UNSET:
            field_dict["hostName"] = host_name
        if host_phone is not UNSET:
            field_dict["hostPhone"] = host_phone

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        csrf = d.pop("csrf")

        wifi_name = d.pop("wifiName", UNSET)

        wifi_password = d.pop("wifiPassword", UNSET)

        arrival = d.pop("arrival", UNSET)

        departure = d.pop("departure", UNSET)

        house_rules = d.pop("houseRules", UNSET)

        parking = d.pop("parking", UNSET)

        host_name = d.pop("hostName", UNSET)

        host_phone = d.pop("hostPhone", UNSET)

        console_save_guide_body = cls(
            csrf=csrf,
            wifi_name=wifi_name,
            wifi_password=wifi_password,
            arrival=arrival,
            departure=departure,
            house_rules=house_rules,
            parking=parking,
            host_name=host_name,
            host_phone=host_phone,
        )

        console_save_guide_body.additional_properties = d
        return console_save_guide_body

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
