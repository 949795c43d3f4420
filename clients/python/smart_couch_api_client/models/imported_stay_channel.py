from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ImportedStayChannel")


@_attrs_define
class ImportedStayChannel:
    """
    Attributes:
        feed_id (UUID):
        name (str):
        uid (str): The channel's UID of the event.
        summary (str | Unset):
        reservation_url (str | Unset): The channel's page of the reservation
        phone_last_4 (str | Unset): The last four digits of the guest's phone
    """

    feed_id: UUID
    name: str
    uid: str
    summary: str | Unset = UNSET
    reservation_url: str | Unset = UNSET
    phone_last_4: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        feed_id = str(self.feed_id)

        name = self.name

        uid = self.uid

        summary = self.summary

        reservation_url = self.reservation_url

        phone_last_4 = self.phone_last_4

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "feedId": feed_id,
                "name": name,
                "uid": uid,
            }
        )
        if summary is not UNSET:
            field_dict["summary"] = summary
        if reservation_url is not UNSET:
            field_dict["reservationUrl"] = reservation_url
        if phone_last_4 is not UNSET:
            field_dict["phoneLast4"] = phone_last_4

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        feed_id = UUID(d.pop("feedId"))

        name = d.pop("name")

        uid = d.pop("uid")

        summary = d.pop("summary", UNSET)

        reservation_url = d.pop("reservationUrl", UNSET)

        phone_last_4 = d.pop("phoneLast4", UNSET)

        imported_stay_channel = cls(
            feed_id=feed_id,
            name=name,
            uid=uid,
            summary=summary,
            reservation_url=reservation_url,
            phone_last_4=phone_last_4,
        )

        imported_stay_channel.additional_properties = d
        return imported_stay_channel

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
