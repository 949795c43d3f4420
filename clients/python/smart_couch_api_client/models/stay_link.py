from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="StayLink")


@_attrs_define
class StayLink:
    """
    Attributes:
        stay_id (UUID):
        token (str): Shown once.
        path (str): The link: the server's public address followed by this path.
        expires_at (datetime.datetime):
        url (str | Unset): The whole link, ready to send: present when the server is configured with its public address
            (`PUBLIC_URL`).
    """

    stay_id: UUID
    token: str
    path: str
    expires_at: datetime.datetime
    url: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        stay_id = str(self.stay_id)

        token = self.token

        path = self.path

        expires_at = self.expires_at.isoformat()

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "stayId": stay_id,
                "token": token,
                "path": path,
                "expiresAt": expires_at,
            }
        )
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        stay_id = UUID(d.pop("stayId"))

        token = d.pop("token")

        path = d.pop("path")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        url = d.pop("url", UNSET)

        stay_link = cls(
            stay_id=stay_id,
            token=token,
            path=path,
            expires_at=expires_at,
            url=url,
        )

        stay_link.additional_properties = d
        return stay_link

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
