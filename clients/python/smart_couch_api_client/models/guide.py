from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.guide_host_contact import GuideHostContact


T = TypeVar("T", bound="Guide")


@_attrs_define
class Guide:
    """What a host tells the guest. Every field is optional plain text; line breaks are kept in the texts. A blank field is
    left out.

        Attributes:
            wifi_name (str | Unset): One line.
            wifi_password (str | Unset): One line; stored sealed.
            arrival (str | Unset): How to get in.
            departure (str | Unset): What to do when leaving.
            house_rules (str | Unset):
            parking (str | Unset):
            host_contact (GuideHostContact | Unset):
    """

    wifi_name: str | Unset = UNSET
    wifi_password: str | Unset = UNSET
    arrival: str | Unset = UNSET
    departure: str | Unset = UNSET
    house_rules: str | Unset = UNSET
    parking: str | Unset = UNSET
    host_contact: GuideHostContact | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        wifi_name = self.wifi_name

        wifi_password = self.wifi_password

        arrival = self.arrival

        departure = self.departure

        house_rules = self.house_rules

        parking = self.parking

        host_contact: dict[str, Any] | Unset = UNSET
        if not isinstance(self.host_contact, Unset):
            host_contact = self.host_contact.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
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
        if host_contact is not UNSET:
            field_dict["hostContact"] = host_contact

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.guide_host_contact import GuideHostContact  # noqa: PLC0415

        d = dict(src_dict)
        wifi_name = d.pop("wifiName", UNSET)

        wifi_password = d.pop("wifiPassword", UNSET)

        arrival = d.pop("arrival", UNSET)

        departure = d.pop("departure", UNSET)

        house_rules = d.pop("houseRules", UNSET)

        parking = d.pop("parking", UNSET)

        _host_contact = d.pop("hostContact", UNSET)
        host_contact: GuideHostContact | Unset
        if isinstance(_host_contact, Unset):
            host_contact = UNSET
        else:
            host_contact = GuideHostContact.from_dict(_host_contact)

        guide = cls(
            wifi_name=wifi_name,
            wifi_password=wifi_password,
            arrival=arrival,
            departure=departure,
            house_rules=house_rules,
            parking=parking,
            host_contact=host_contact,
        )

        guide.additional_properties = d
        return guide

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
