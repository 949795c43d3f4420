from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stay_access_source import StayAccessSource
from ..models.stay_state import StayState
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.guest_code import GuestCode
    from ..models.guide import Guide


T = TypeVar("T", bound="StayAccess")


@_attrs_define
class StayAccess:
    """
    Attributes:
        reservation_id (UUID):
        couch_id (UUID):
        source (StayAccessSource):
        check_in (datetime.date):
        check_out (datetime.date):
        access_from (datetime.datetime): The stay's check-in less the couch's code lead: from then its door codes open
            the door.
        access_until (datetime.datetime): The stay's check-out plus the couch's code grace: until then its door codes
            open the door. The guest's access to the couch's devices through the app (unlock, heating) is the stay window
            itself, check-in to check-out time, without lead or grace.
        codes_visible_from (datetime.datetime): From when `codes` lists the stay's codes: the couch's `revealHours`
            before `accessFrom`. Before then the list is empty.
        state (StayState): Where the stay is for its guest: before its code window opens, inside it, checked in (the
            first unlock), and over or checked out.
        codes (list[GuestCode]):
        checked_in_at (datetime.datetime | Unset): The first unlock inside the stay window, by the stay's code on a
            keypad or through the app.
        checked_out_at (datetime.datetime | Unset): When the guest or the host checked the stay out early.
        guide (Guide | Unset): What a host tells the guest. Every field is optional plain text; line breaks are kept in
            the texts. A blank field is left out.
    """

    reservation_id: UUID
    couch_id: UUID
    source: StayAccessSource
    check_in: datetime.date
    check_out: datetime.date
    access_from: datetime.datetime
    access_until: datetime.datetime
    codes_visible_from: datetime.datetime
    state: StayState
    codes: list[GuestCode]
    checked_in_at: datetime.datetime | Unset = UNSET
    checked_out_at: datetime.datetime | Unset = UNSET
    guide: Guide | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reservation_id = str(self.reservation_id)

        couch_id = str(self.couch_id)

        source = self.source.value

        check_in = self.check_in.isoformat()

        check_out = self.check_out.isoformat()

        access_from = self.access_from.isoformat()

        access_until = self.access_until.isoformat()

        codes_visible_from = self.codes_visible_from.isoformat()

        state = self.state.value

        codes = []
        for codes_item_data in self.codes:
            codes_item = codes_item_data.to_dict()
            codes.append(codes_item)

        checked_in_at: str | Unset = UNSET
        if not isinstance(self.checked_in_at, Unset):
            checked_in_at = self.checked_in_at.isoformat()

        checked_out_at: str | Unset = UNSET
        if not isinstance(self.checked_out_at, Unset):
            checked_out_at = self.checked_out_at.isoformat()

        guide: dict[str, Any] | Unset = UNSET
        if not isinstance(self.guide, Unset):
            guide = self.guide.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reservationId": reservation_id,
                "couchId": couch_id,
                "source": source,
                "checkIn": check_in,
                "checkOut": check_out,
                "accessFrom": access_from,
                "accessUntil": access_until,
                "codesVisibleFrom": codes_visible_from,
                "state": state,
                "codes": codes,
            }
        )
        if checked_in_at is not UNSET:
            field_dict["checkedInAt"] = checked_in_at
        if checked_out_at is not UNSET:
            field_dict["checkedOutAt"] = checked_out_at
        if guide is not UNSET:
            field_dict["guide"] = guide

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.guest_code import GuestCode  # noqa: PLC0415
        from ..models.guide import Guide  # noqa: PLC0415

        d = dict(src_dict)
        reservation_id = UUID(d.pop("reservationId"))

        couch_id = UUID(d.pop("couchId"))

        source = StayAccessSource(d.pop("source"))

        check_in = datetime.date.fromisoformat(d.pop("checkIn"))

        check_out = datetime.date.fromisoformat(d.pop("checkOut"))

        access_from = datetime.datetime.fromisoformat(d.pop("accessFrom"))

        access_until = datetime.datetime.fromisoformat(d.pop("accessUntil"))

        codes_visible_from = datetime.datetime.fromisoformat(d.pop("codesVisibleFrom"))

        state = StayState(d.pop("state"))

        codes = []
        _codes = d.pop("codes")
        for codes_item_data in _codes:
            codes_item = GuestCode.from_dict(codes_item_data)

            codes.append(codes_item)

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

        _guide = d.pop("guide", UNSET)
        guide: Guide | Unset
        if isinstance(_guide, Unset):
            guide = UNSET
        else:
            guide = Guide.from_dict(_guide)

        stay_access = cls(
            reservation_id=reservation_id,
            couch_id=couch_id,
            source=source,
            check_in=check_in,
            check_out=check_out,
            access_from=access_from,
            access_until=access_until,
            codes_visible_from=codes_visible_from,
            state=state,
            codes=codes,
            checked_in_at=checked_in_at,
            checked_out_at=checked_out_at,
            guide=guide,
        )

        stay_access.additional_properties = d
        return stay_access

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
