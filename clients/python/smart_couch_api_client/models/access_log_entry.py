from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.access_log_entry_outcome import AccessLogEntryOutcome
from ..types import UNSET, Unset

T = TypeVar("T", bound="AccessLogEntry")


@_attrs_define
class AccessLogEntry:
    """
    Attributes:
        id (UUID):
        couch_id (UUID):
        action (str):
        outcome (AccessLogEntryOutcome): unconfirmed: a command sent whose result is unknown: the hub took it (or did
            not answer in time), and the device did not report it done in time. failed: refused by the hub or before it, or
            a hub that answered with an error while the device reported nothing.
        created_at (datetime.datetime):
        configuration_id (UUID | Unset):
        item_name (str | Unset):
        actor_id (UUID | Unset):
        actor_name (str | Unset): The person
        value (str | Unset):
        detail (str | Unset):
    """

    id: UUID
    couch_id: UUID
    action: str
    outcome: AccessLogEntryOutcome
    created_at: datetime.datetime
    configuration_id: UUID | Unset = UNSET
    item_name: str | Unset = UNSET
    actor_id: UUID | Unset = UNSET
    actor_name: str | Unset = UNSET
    value: str | Unset = UNSET
    detail: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        couch_id = str(self.couch_id)

        action = self.action

        outcome = self.outcome.value

        created_at = self.created_at.isoformat()

        configuration_id: str | Unset = UNSET
        if not isinstance(self.configuration_id, Unset):
            configuration_id = str(self.configuration_id)

        item_name = self.item_name

        actor_id: str | Unset = UNSET
        if not isinstance(self.actor_id, Unset):
            actor_id = str(self.actor_id)

        actor_name = self.actor_name

        value = self.value

        detail = self.detail

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "couchId": couch_id,
                "action": action,
                "outcome": outcome,
                "createdAt": created_at,
            }
        )
        if configuration_id is not UNSET:
            field_dict["configurationId"] = configuration_id
        if item_name is not UNSET:
            field_dict["itemName"] = item_name
        if actor_id is not UNSET:
            field_dict["actorId"] = actor_id
        if actor_name is not UNSET:
            field_dict["actorName"] = actor_name
        if value is not UNSET:
            field_dict["value"] = value
        if detail is not UNSET:
            field_dict["detail"] = detail

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        couch_id = UUID(d.pop("couchId"))

        action = d.pop("action")

        outcome = AccessLogEntryOutcome(d.pop("outcome"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        _configuration_id = d.pop("configurationId", UNSET)
        configuration_id: UUID | Unset
        if isinstance(_configuration_id, Unset):
            configuration_id = UNSET
        else:
            configuration_id = UUID(_configuration_id)

        item_name = d.pop("itemName", UNSET)

        _actor_id = d.pop("actorId", UNSET)
        actor_id: UUID | Unset
        if isinstance(_actor_id, Unset):
            actor_id = UNSET
        else:
            actor_id = UUID(_actor_id)

        actor_name = d.pop("actorName", UNSET)

        value = d.pop("value", UNSET)

        detail = d.pop("detail", UNSET)

        access_log_entry = cls(
            id=id,
            couch_id=couch_id,
            action=action,
            outcome=outcome,
            created_at=created_at,
            configuration_id=configuration_id,
            item_name=item_name,
            actor_id=actor_id,
            actor_name=actor_name,
            value=value,
            detail=detail,
        )

        access_log_entry.additional_properties = d
        return access_log_entry

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
