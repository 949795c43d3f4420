from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CommandResult")


@_attrs_define
class CommandResult:
    """
    Attributes:
        item_id (UUID):
        item_name (str):
        state (str): The state the device reported (200), or the commanded one (202).
        confirmed (bool): True (200) when the device itself reported the commanded state — a state update from its
            binding, not openHAB's autoupdate prediction — within COMMAND_CONFIRM_MS (5 s by default); false (202) when the
            hub took the command but the device did not confirm it in time. The access log has the command as `ok` or
            `unconfirmed` accordingly.
        reported_state (str | Unset): With 202: what the device reported instead, if it reported anything.
    """

    item_id: UUID
    item_name: str
    state: str
    confirmed: bool
    reported_state: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        item_id = str(self.item_id)

        item_name = self.item_name

        state = self.state

        confirmed = self.confirmed

        reported_state = self.reported_state

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "itemId": item_id,
                "itemName": item_name,
                "state": state,
                "confirmed": confirmed,
            }
        )
        if reported_state is not UNSET:
            field_dict["reportedState"] = reported_state

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        item_id = UUID(d.pop("itemId"))

        item_name = d.pop("itemName")

        state = d.pop("state")

        confirmed = d.pop("confirmed")

        reported_state = d.pop("reportedState", UNSET)

        command_result = cls(
            item_id=item_id,
            item_name=item_name,
            state=state,
            confirmed=confirmed,
            reported_state=reported_state,
        )

        command_result.additional_properties = d
        return command_result

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
