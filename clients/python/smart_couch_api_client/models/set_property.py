from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SetProperty")


@_attrs_define
class SetProperty:
    """
    Attributes:
        item_id (UUID):
        state (float | str): ON/OFF, or a number (as a number or a string): a point or a comma before the decimals
            (`22.5`, `22,5`); a temperature may carry its unit, `°C` (the default), `°F` or `K`, and is sent to the hub in
            °C. Anything else after the number (`22abc`, `22 mK`) is a 422: a value is taken whole or refused, never cut
            short.
        password (str | Unset):
    """

    item_id: UUID
    state: float | str
    password: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        item_id = str(self.item_id)

        state: float | str
        state = self.state

        password = self.password

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "itemId": item_id,
                "state": state,
            }
        )
        if password is not UNSET:
            field_dict["password"] = password

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        item_id = UUID(d.pop("itemId"))

        def _parse_state(data: object) -> float | str:
            return cast(float | str, data)

        state = _parse_state(d.pop("state"))

        password = d.pop("password", UNSET)

        set_property = cls(
            item_id=item_id,
            state=state,
            password=password,
        )

        set_property.additional_properties = d
        return set_property

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
