from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Registration")


@_attrs_define
class Registration:
    """
    Attributes:
        email (str):
        password (str): At least 10 characters and more than spaces, at most 72 bytes in UTF-8 (bcrypt reads no further;
            longer ones are refused), not the email or the part of it before the @, and not one of the 10,000 most common
            passwords (any letter case). A 422 names the rule broken.
        name (str): One line: no line break or other control character.
        external_id (str | Unset): The id an external identity provider (Firebase) knows the user by.
    """

    email: str
    password: str
    name: str
    external_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        password = self.password

        name = self.name

        external_id = self.external_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "email": email,
                "password": password,
                "name": name,
            }
        )
        if external_id is not UNSET:
            field_dict["externalId"] = external_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        password = d.pop("password")

        name = d.pop("name")

        external_id = d.pop("externalId", UNSET)

        registration = cls(
            email=email,
            password=password,
            name=name,
            external_id=external_id,
        )

        registration.additional_properties = d
        return registration

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
