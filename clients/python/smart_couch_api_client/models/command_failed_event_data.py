from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.command_failed_event_data_outcome import CommandFailedEventDataOutcome
from ..types import UNSET, Unset

T = TypeVar("T", bound="CommandFailedEventData")


@_attrs_define
class CommandFailedEventData:
    """`device.command_failed`: a command that failed, or that the device never confirmed.

    Attributes:
        item_name (str):
        action (str):
        outcome (CommandFailedEventDataOutcome):
        device_id (UUID | Unset):
        value (str | Unset):
        detail (str | Unset):
    """

    item_name: str
    action: str
    outcome: CommandFailedEventDataOutcome
    device_id: UUID | Unset = UNSET
    value: str | Unset = UNSET
    detail: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        item_name = self.item_name

        action = self.action

        outcome = self.outcome.value

        device_id: str | Unset = UNSET
        if not isinstance(self.device_id, Unset):
            device_id = str(self.device_id)

        value = self.value

        detail = self.detail

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "itemName": item_name,
                "action": action,
                "outcome": outcome,
            }
        )
        if device_id is not UNSET:
            field_dict["deviceId"] = device_id
        if value is not UNSET:
            field_dict["value"] = value
        if detail is not UNSET:
            field_dict["detail"] = detail

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        item_name = d.pop("itemName")

        action = d.pop("action")

        outcome = CommandFailedEventDataOutcome(d.pop("outcome"))

        _device_id = d.pop("deviceId", UNSET)
        device_id: UUID | Unset
        if isinstance(_device_id, Unset):
            device_id = UNSET
        else:
            device_id = UUID(_device_id)

        value = d.pop("value", UNSET)

        detail = d.pop("detail", UNSET)

        command_failed_event_data = cls(
            item_name=item_name,
            action=action,
            outcome=outcome,
            device_id=device_id,
            value=value,
            detail=detail,
        )

        return command_failed_event_data
