from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ConsoleSaveRulesBody")


@_attrs_define
class ConsoleSaveRulesBody:
    """
    Attributes:
        csrf (str): The form token every console page puts in its forms.
        min_nights (int | Unset):
        max_nights (int | Unset):
        turnover_days (int | Unset):
        advance_notice_hours (int | Unset):
        request_expiry_hours (int | Unset):
        instant_book (str | Unset):
        cancellation_policy (str | Unset):
    """

    csrf: str
    min_nights: int | Unset = UNSET
    max_nights: int | Unset = UNSET
    turnover_days: int | Unset = UNSET
    advance_notice_hours: int | Unset = UNSET
    request_expiry_hours: int | Unset = UNSET
    instant_book: str | Unset = UNSET
    cancellation_policy: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        csrf = self.csrf

        min_nights = self.min_nights

        max_nights = self.max_nights

        turnover_days = self.turnover_days

        advance_notice_hours = self.advance_notice_hours

        request_expiry_hours = self.request_expiry_hours

        instant_book = self.instant_book

        cancellation_policy = self.cancellation_policy

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "csrf": csrf,
            }
        )
        if min_nights is not UNSET:
            field_dict["minNights"] = min_nights
        if max_nights is not UNSET:
            field_dict["maxNights"] = max_nights
        if turnover_days is not UNSET:
            field_dict["turnoverDays"] = turnover_days
        if advance_notice_hours is not UNSET:
            field_dict["advanceNoticeHours"] = advance_notice_hours
        if request_expiry_hours is not UNSET:
            field_dict["requestExpiryHours"] = request_expiry_hours
        if instant_book is not UNSET:
            field_dict["instantBook"] = instant_book
        if cancellation_policy is not UNSET:
            field_dict["cancellationPolicy"] = cancellation_policy

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        csrf = d.pop("csrf")

        min_nights = d.pop("minNights", UNSET)

        max_nights = d.pop("maxNights", UNSET)

        turnover_days = d.pop("turnoverDays", UNSET)

        advance_notice_hours = d.pop("advanceNoticeHours", UNSET)

        request_expiry_hours = d.pop("requestExpiryHours", UNSET)

        instant_book = d.pop("instantBook", UNSET)

        cancellation_policy = d.pop("cancellationPolicy", UNSET)

        console_save_rules_body = cls(
            csrf=csrf,
            min_nights=min_nights,
            max_nights=max_nights,
            turnover_days=turnover_days,
            advance_notice_hours=advance_notice_hours,
            request_expiry_hours=request_expiry_hours,
            instant_book=instant_book,
            cancellation_policy=cancellation_policy,
        )

        console_save_rules_body.additional_properties = d
        return console_save_rules_body

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
