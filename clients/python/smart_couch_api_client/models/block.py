from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Block")


@_attrs_define
class Block:
    """
    Attributes:
        id (UUID):
        couch_id (UUID):
        from_ (datetime.date):
        to (datetime.date):
        created_at (datetime.datetime):
        reason (str | Unset):
    """

    id: UUID
    couch_id: UUID
    from_: datetime.date
    to: datetime.date
    created_at: datetime.datetime
    reason: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        couch_id = str(self.couch_id)

        from_ = self.from_.isoformat()

        to = self.to.isoformat()

        created_at = self.created_at.isoformat()

        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "couchId": couch_id,
                "from": from_,
                "to": to,
                "createdAt": created_at,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        couch_id = UUID(d.pop("couchId"))

        from_ = datetime.date.fromisoformat(d.pop("from"))

        to = datetime.date.fromisoformat(d.pop("to"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        reason = d.pop("reason", UNSET)

        block = cls(
            id=id,
            couch_id=couch_id,
            from_=from_,
            to=to,
            created_at=created_at,
            reason=reason,
        )

        block.additional_properties = d
        return block

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
