from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="User")


@_attrs_define
class User:
    """
    Attributes:
        id (UUID):
        email (str):
        name (str):
        is_admin (bool): An operator (lists users
        created_at (datetime.datetime):
        external_id (str | Unset):
    """

    id: UUID
    email: str
    name: str
    is_admin: bool
    created_at: datetime.datetime
    external_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        email = self.email

        name = self.name

        is_admin = self.is_admin

        created_at = self.created_at.isoformat()

        external_id = self.external_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "email": email,
                "name": name,
                "isAdmin": is_admin,
                "createdAt": created_at,
            }
        )
        if external_id is not UNSET:
            field_dict["externalId"] = external_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        email = d.pop("email")

        name = d.pop("name")

        is_admin = d.pop("isAdmin")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        external_id = d.pop("externalId", UNSET)

        user = cls(
            id=id,
            email=email,
            name=name,
            is_admin=is_admin,
            created_at=created_at,
            external_id=external_id,
        )

        user.additional_properties = d
        return user

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
