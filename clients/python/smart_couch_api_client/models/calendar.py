from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Calendar")


@_attrs_define
class Calendar:
    """
    Attributes:
        id (UUID):
        couch_id (UUID):
        name (str):
        url (str): The link with its query values and long path segments shown as ****.
        stays (int): Imported stays that hold all their nights and their turnover: placed.
        blocks (int): Imported blocks that hold all their nights and their turnover: placed.
        conflicts (int): Imported events in conflict (GET /couches/{id}/conflicts): some of their nights or turnover
            days something else holds. With `stays` and `blocks`, every event of the feed counted once.
        created_at (datetime.datetime):
        last_fetch_at (datetime.datetime | Unset):
        last_success_at (datetime.datetime | Unset):
        last_error (str | Unset): Why the last fetch did not bring usable events; absent after a good one.
    """

    id: UUID
    couch_id: UUID
    name: str
    url: str
    stays: int
    blocks: int
    conflicts: int
    created_at: datetime.datetime
    last_fetch_at: datetime.datetime | Unset = UNSET
    last_success_at: datetime.datetime | Unset = UNSET
    last_error: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        couch_id = str(self.couch_id)

        name = self.name

        url = self.url

        stays = self.stays

        blocks = self.blocks

        conflicts = self.conflicts

        created_at = self.created_at.isoformat()

        last_fetch_at: str | Unset = UNSET
        if not isinstance(self.last_fetch_at, Unset):
            last_fetch_at = self.last_fetch_at.isoformat()

        last_success_at: str | Unset = UNSET
        if not isinstance(self.last_success_at, Unset):
            last_success_at = self.last_success_at.isoformat()

        last_error = self.last_error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "couchId": couch_id,
                "name": name,
                "url": url,
                "stays": stays,
                "blocks": blocks,
                "conflicts": conflicts,
                "createdAt": created_at,
            }
        )
        if last_fetch_at is not UNSET:
            field_dict["lastFetchAt"] = last_fetch_at
        if last_success_at is not UNSET:
            field_dict["lastSuccessAt"] = last_success_at
        if last_error is not UNSET:
            field_dict["lastError"] = last_error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        couch_id = UUID(d.pop("couchId"))

        name = d.pop("name")

        url = d.pop("url")

        stays = d.pop("stays")

        blocks = d.pop("blocks")

        conflicts = d.pop("conflicts")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        _last_fetch_at = d.pop("lastFetchAt", UNSET)
        last_fetch_at: datetime.datetime | Unset
        if isinstance(_last_fetch_at, Unset):
            last_fetch_at = UNSET
        else:
            last_fetch_at = datetime.datetime.fromisoformat(_last_fetch_at)

        _last_success_at = d.pop("lastSuccessAt", UNSET)
        last_success_at: datetime.datetime | Unset
        if isinstance(_last_success_at, Unset):
            last_success_at = UNSET
        else:
            last_success_at = datetime.datetime.fromisoformat(_last_success_at)

        last_error = d.pop("lastError", UNSET)

        calendar = cls(
            id=id,
            couch_id=couch_id,
            name=name,
            url=url,
            stays=stays,
            blocks=blocks,
            conflicts=conflicts,
            created_at=created_at,
            last_fetch_at=last_fetch_at,
            last_success_at=last_success_at,
            last_error=last_error,
        )

        calendar.additional_properties = d
        return calendar

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
