from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ConsoleSaveCodeSettingsBody")


@_attrs_define
class ConsoleSaveCodeSettingsBody:
    """
    Attributes:
        csrf (str): The form token every console page puts in its forms.
        length (int | Unset):
        lead_minutes (int | Unset):
        grace_minutes (int | Unset):
        reveal_hours (int | Unset):
    """

    csrf: str
    length: int | Unset = UNSET
    lead_minutes: int | Unset = UNSET
    grace_minutes: int | Unset = UNSET
    reveal_hours: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        csrf = self.csrf

        length = self.length

        lead_minutes = self.lead_minutes

        grace_minutes = self.grace_minutes

        reveal_hours = self.reveal_hours

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "csrf": csrf,
            }
        )
        if length is not UNSET:
            field_dict["length"] = length
        if lead_minutes is not UNSET:
            field_dict["leadMinutes"] = lead_minutes
        if grace_minutes is not UNSET:
            field_dict["graceMinutes"] = grace_minutes
        if reveal_hours is not UNSET:
            field_dict["revealHours"] = reveal_hours

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        csrf = d.pop("csrf")

        length = d.pop("length", UNSET)

        lead_minutes = d.pop("leadMinutes", UNSET)

        grace_minutes = d.pop("graceMinutes", UNSET)

        reveal_hours = d.pop("revealHours", UNSET)

        console_save_code_settings_body = cls(
            csrf=csrf,
            length=length,
            lead_minutes=lead_minutes,
            grace_minutes=grace_minutes,
            reveal_hours=reveal_hours,
        )

        console_save_code_settings_body.additional_properties = d
        return console_save_code_settings_body

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
