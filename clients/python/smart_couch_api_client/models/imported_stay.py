from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.imported_stay_source import ImportedStaySource
from ..models.imported_stay_status import ImportedStayStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.imported_stay_channel import ImportedStayChannel


T = TypeVar("T", bound="ImportedStay")


@_attrs_define
class ImportedStay:
    """A stay sold on another channel, as its calendar feed told it. It has no SmartCouch guest, price, rating or
    conversation.

        Attributes:
            id (UUID): Stays the same across syncs for as long as the channel keeps the event.
            source (ImportedStaySource):
            couch_id (UUID):
            status (ImportedStayStatus): `conflict` while something else holds some of its nights or of its turnover days
                (it is then listed at GET /couches/{id}/conflicts and gets no door code); `confirmed` otherwise.
            check_in (datetime.date):
            check_out (datetime.date):
            channel (ImportedStayChannel):
            created_at (datetime.datetime): When the first sync that saw it ran.
            guests (int | Unset): When the channel says how many.
            checked_in_at (datetime.datetime | Unset): The first unlock inside the stay window, by the stay's code on a
                keypad or through the app.
            checked_out_at (datetime.datetime | Unset): When the guest or the host checked the stay out early.
    """

    id: UUID
    source: ImportedStaySource
    couch_id: UUID
    status: ImportedStayStatus
    check_in: datetime.date
    check_out: datetime.date
    channel: ImportedStayChannel
    created_at: datetime.datetime
    guests: int | Unset = UNSET
    checked_in_at: datetime.datetime | Unset = UNSET
    checked_out_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        source = self.source.value

        couch_id = str(self.couch_id)

        status = self.status.value

        check_in = self.check_in.isoformat()

        check_out = self.check_out.isoformat()

        channel = self.channel.to_dict()

        created_at = self.created_at.isoformat()

        guests = self.guests

        checked_in_at: str | Unset = UNSET
        if not isinstance(self.checked_in_at, Unset):
            checked_in_at = self.checked_in_at.isoformat()

        checked_out_at: str | Unset = UNSET
        if not isinstance(self.checked_out_at, Unset):
            checked_out_at = self.checked_out_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "source": source,
                "couchId": couch_id,
                "status": status,
                "checkIn": check_in,
                "checkOut": check_out,
                "channel": channel,
                "createdAt": created_at,
            }
        )
        if guests is not UNSET:
            field_dict["guests"] = guests
        if checked_in_at is not UNSET:
            field_dict["checkedInAt"] = checked_in_at
        if checked_out_at is not UNSET:
            field_dict["checkedOutAt"] = checked_out_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.imported_stay_channel import ImportedStayChannel  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        source = ImportedStaySource(d.pop("source"))

        couch_id = UUID(d.pop("couchId"))

        status = ImportedStayStatus(d.pop("status"))

        check_in = datetime.date.fromisoformat(d.pop("checkIn"))

        check_out = datetime.date.fromisoformat(d.pop("checkOut"))

        channel = ImportedStayChannel.from_dict(d.pop("channel"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        guests = d.pop("guests", UNSET)

        _checked_in_at = d.pop("checkedInAt", UNSET)
        checked_in_at: datetime.datetime | Unset
        if isinstance(_checked_in_at, Unset):
            checked_in_at = UNSET
        else:
            checked_in_at = datetime.datetime.fromisoformat(_checked_in_at)

        _checked_out_at = d.pop("checkedOutAt", UNSET)
        checked_out_at: datetime.datetime | Unset
        if isinstance(_checked_out_at, Unset):
            checked_out_at = UNSET
        else:
            checked_out_at = datetime.datetime.fromisoformat(_checked_out_at)

        imported_stay = cls(
            id=id,
            source=source,
            couch_id=couch_id,
            status=status,
            check_in=check_in,
            check_out=check_out,
            channel=channel,
            created_at=created_at,
            guests=guests,
            checked_in_at=checked_in_at,
            checked_out_at=checked_out_at,
        )

        imported_stay.additional_properties = d
        return imported_stay

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
