from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.conflict_held_by_source import ConflictHeldBySource

T = TypeVar("T", bound="ConflictHeldBy")


@_attrs_define
class ConflictHeldBy:
    """What holds the first of the nights it lacks, its own or its turnover's.

    Attributes:
        source (ConflictHeldBySource):
        id (UUID): The reservation's id for a booking.
        check_in (datetime.date):
        check_out (datetime.date):
    """

    source: ConflictHeldBySource
    id: UUID
    check_in: datetime.date
    check_out: datetime.date
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        source = self.source.value

        id = str(self.id)

        check_in = self.check_in.isoformat()

        check_out = self.check_out.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "source": source,
                "id": id,
                "checkIn": check_in,
                "checkOut": check_out,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        source = ConflictHeldBySource(d.pop("source"))

        id = UUID(d.pop("id"))

        check_in = datetime.date.fromisoformat(d.pop("checkIn"))

        check_out = datetime.date.fromisoformat(d.pop("checkOut"))

        conflict_held_by = cls(
            source=source,
            id=id,
            check_in=check_in,
            check_out=check_out,
        )

        conflict_held_by.additional_properties = d
        return conflict_held_by

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
