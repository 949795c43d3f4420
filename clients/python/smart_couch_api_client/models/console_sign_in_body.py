from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ConsoleSignInBody")


@_attrs_define
class ConsoleSignInBody:
    """
    Attributes:
        csrf (str): The form token every console page puts in its forms.
        email (str):
        password (str):
        next_ (str | Unset):
    """

    csrf: str
    email: str
    password: str
    next_: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        csrf = self.csrf

        email = self.email

        password = self.password

        next_ = self.next_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "csrf": csrf,
                "email": email,
                "password": password,
            }
        )
        if next_ is not UNSET:
            field_dict["next"] = next_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        csrf = d.pop("csrf")

        email = d.pop("email")

        password = d.pop("password")

        next_ = d.pop("next", UNSET)

        console_sign_in_body = cls(
            csrf=csrf,
            email=email,
            password=password,
            next_=next_,
        )

        console_sign_in_body.additional_properties = d
        return console_sign_in_body

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
