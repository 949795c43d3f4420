from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ConsoleSaveHubBody")


@_attrs_define
class ConsoleSaveHubBody:
    """
    Attributes:
        csrf (str): The form token every console page puts in its forms.
        base_url (str | Unset):
        api_token (str | Unset):
    """

    csrf: str
    base_url: str | Unset = UNSET
    api_token: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        csrf = self.csrf

        base_url = self.base_url

        api_token = self.api_token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "csrf": csrf,
            }
        )
        if base_url is not UNSET:
            field_dict["baseUrl"] = base_url
        if api_token is not UNSET:
            field_dict["apiToken"] = api_token

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        csrf = d.pop("csrf")

        base_url = d.pop("baseUrl", UNSET)

        api_token = d.pop("apiToken", UNSET)

        console_save_hub_body = cls(
            csrf=csrf,
            base_url=base_url,
            api_token=api_token,
        )

        console_save_hub_body.additional_properties = d
        return console_save_hub_body

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
