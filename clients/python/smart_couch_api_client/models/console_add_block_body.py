from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ConsoleAddBlockBody")


@_attrs_define
class ConsoleAddBlockBody:
    """
    Attributes:
        csrf (str): The form token every console page puts in its forms.
        from_ (str | Unset):
        to (str | Unset):
        reason (str | Unset):
    """

    csrf: str
    from_: str | Unset = UNSET
    to: str | Unset = UNSET
    reason: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        csrf = self.csrf

        from_ = self.from_

        to = self.to

        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "csrf": csrf,
            }
        )
        if from_ is not UNSET:
            field_dict["from"] = from_
        if to is not UNSET:
            field_dict["to"] = to
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        csrf = d.pop("csrf")

        from_ = d.pop("from", UNSET)

        to = d.pop("to", UNSET)

        reason = d.pop("reason", UNSET)

        console_add_block_body = cls(
            csrf=csrf,
            from_=from_,
            to=to,
            reason=reason,
        )

        console_add_block_body.additional_properties = d
        return console_add_block_body

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
