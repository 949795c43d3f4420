from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HubInput")


@_attrs_define
class HubInput:
    """
    Attributes:
        base_url (str): The hub: an absolute URL as `WebhookInput.url` describes it (http or https, kept in lower case;
            a host name or IP address; visible ASCII), with no user name or password (the token goes in apiToken).
        api_token (str): An openHAB API token (oh.…): visible ASCII characters, as it travels in a header.
    """

    base_url: str
    api_token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        base_url = self.base_url

        api_token = self.api_token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "baseUrl": base_url,
                "apiToken": api_token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        base_url = d.pop("baseUrl")

        api_token = d.pop("apiToken")

        hub_input = cls(
            base_url=base_url,
            api_token=api_token,
        )

        hub_input.additional_properties = d
        return hub_input

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
