from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_type import EventType

T = TypeVar("T", bound="WebhookInput")


@_attrs_define
class WebhookInput:
    """
    Attributes:
        url (str): An absolute URL as URLs are written: `http` or `https`; a host that is a name (letters, digits, `-`,
            `.`, `_`) or an IP address; visible ASCII, with spaces, line breaks and other characters percent-encoded and
            each `%` the start of an escape; no user name or password; a port from 1 to 65535 when it names one. Its host
            must be one the egress policy lets the server call. Anything else is a 422 rather than a guess at what was
            meant.
        types (list[EventType]):
    """

    url: str
    types: list[EventType]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        types = []
        for types_item_data in self.types:
            types_item = types_item_data.value
            types.append(types_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
                "types": types,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        types = []
        _types = d.pop("types")
        for types_item_data in _types:
            types_item = EventType(types_item_data)

            types.append(types_item)

        webhook_input = cls(
            url=url,
            types=types,
        )

        webhook_input.additional_properties = d
        return webhook_input

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
