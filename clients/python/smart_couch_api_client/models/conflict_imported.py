from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.conflict_imported_kind import ConflictImportedKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="ConflictImported")


@_attrs_define
class ConflictImported:
    """
    Attributes:
        feed_id (UUID):
        feed_name (str):
        uid (str): The channel's UID of the event.
        kind (ConflictImportedKind):
        check_in (datetime.date):
        check_out (datetime.date):
        summary (str | Unset):
    """

    feed_id: UUID
    feed_name: str
    uid: str
    kind: ConflictImportedKind
    check_in: datetime.date
    check_out: datetime.date
    summary: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        feed_id = str(self.feed_id)

        feed_name = self.feed_name

        uid = self.uid

        kind = self.kind.value

        check_in = self.check_in.isoformat()

        check_out = self.check_out.isoformat()

        summary = self.summary

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "feedId": feed_id,
                "feedName": feed_name,
                "uid": uid,
                "kind": kind,
                "checkIn": check_in,
                "checkOut": check_out,
            }
        )
        if summary is not UNSET:
            field_dict["summary"] = summary

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        feed_id = UUID(d.pop("feedId"))

        feed_name = d.pop("feedName")

        uid = d.pop("uid")

        kind = ConflictImportedKind(d.pop("kind"))

        check_in = datetime.date.fromisoformat(d.pop("checkIn"))

        check_out = datetime.date.fromisoformat(d.pop("checkOut"))

        summary = d.pop("summary", UNSET)

        conflict_imported = cls(
            feed_id=feed_id,
            feed_name=feed_name,
            uid=uid,
            kind=kind,
            check_in=check_in,
            check_out=check_out,
            summary=summary,
        )

        conflict_imported.additional_properties = d
        return conflict_imported

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
