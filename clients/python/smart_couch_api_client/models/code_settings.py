from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CodeSettings")


@_attrs_define
class CodeSettings:
    """
    Attributes:
        code_length (int): Digits of a new code.
        lead_minutes (int): How long before check-in a code opens the door.
        grace_minutes (int): How long after check-out a code still opens it.
        reveal_hours (int): How long before a code opens the door its guest (and a stay link's holder) may see it; 48 by
            default. The host sees every code at any time.
    """

    code_length: int
    lead_minutes: int
    grace_minutes: int
    reveal_hours: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code_length = self.code_length

        lead_minutes = self.lead_minutes

        grace_minutes = self.grace_minutes

        reveal_hours = self.reveal_hours

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "codeLength": code_length,
                "leadMinutes": lead_minutes,
                "graceMinutes": grace_minutes,
                "revealHours": reveal_hours,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code_length = d.pop("codeLength")

        lead_minutes = d.pop("leadMinutes")

        grace_minutes = d.pop("graceMinutes")

        reveal_hours = d.pop("revealHours")

        code_settings = cls(
            code_length=code_length,
            lead_minutes=lead_minutes,
            grace_minutes=grace_minutes,
            reveal_hours=reveal_hours,
        )

        code_settings.additional_properties = d
        return code_settings

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
