from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Grant")


@_attrs_define
class Grant:
    """
    Attributes:
        id (UUID):
        couch_id (UUID):
        user_id (UUID):
        starts_at (datetime.datetime):
        ends_at (datetime.datetime):
        created_by (UUID):
        created_at (datetime.datetime):
        revoked_at (datetime.datetime | Unset):
    """

    id: UUID
    couch_id: UUID
    user_id: UUID
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    created_by: UUID
    created_at: datetime.datetime
    revoked_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        couch_id = str(self.couch_id)

        user_id = str(self.user_id)

        starts_at = self.starts_at.isoformat()

        ends_at = self.ends_at.isoformat()

        created_by = str(self.created_by)

        created_at = self.created_at.isoformat()

        revoked_at: str | Unset = UNSET
        if not isinstance(self.revoked_at, Unset):
            revoked_at = self.revoked_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "couchId": couch_id,
                "userId": user_id,
                "startsAt": starts_at,
                "endsAt": ends_at,
                "createdBy": created_by,
                "createdAt": created_at,
            }
        )
        if revoked_at is not UNSET:
            field_dict["revokedAt"] = revoked_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        couch_id = UUID(d.pop("couchId"))

        user_id = UUID(d.pop("userId"))

        starts_at = datetime.datetime.fromisoformat(d.pop("startsAt"))

        ends_at = datetime.datetime.fromisoformat(d.pop("endsAt"))

        created_by = UUID(d.pop("createdBy"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        _revoked_at = d.pop("revokedAt", UNSET)
        revoked_at: datetime.datetime | Unset
        if isinstance(_revoked_at, Unset):
            revoked_at = UNSET
        else:
            revoked_at = datetime.datetime.fromisoformat(_revoked_at)

        grant = cls(
            id=id,
            couch_id=couch_id,
            user_id=user_id,
            starts_at=starts_at,
            ends_at=ends_at,
            created_by=created_by,
            created_at=created_at,
            revoked_at=revoked_at,
        )

        grant.additional_properties = d
        return grant

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
