from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stay_rules_cancellation_policy import StayRulesCancellationPolicy
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.stay_rules_weekday_min_nights import StayRulesWeekdayMinNights


T = TypeVar("T", bound="StayRules")


@_attrs_define
class StayRules:
    """What a booking made here must keep to. Names may grow, never change. Every rule is checked at the couch's wall clock
    (its time zone): a booking that breaks any is a 422 naming each, a quote lists them, and search does not offer the
    couch for that stay.

        Attributes:
            min_nights (int | Unset):  Default: 1.
            max_nights (int | Unset): At least `minNights`. Default: 365.
            weekday_min_nights (StayRulesWeekdayMinNights | Unset): A different minimum for stays that start on these ISO
                weekdays (1 Monday … 7 Sunday); none when left out.
            advance_notice_hours (int | Unset): No check-in sooner than this many hours from now, counted to the check-in
                date at the couch's check-in time. With 0, a stay may start today. Default: 0.
            booking_window_days (int | Unset): No check-in more than this many days after today at the couch; no limit when
                left out.
            check_in_weekdays (list[int] | Unset): The ISO weekdays (1 Monday … 7 Sunday) a stay may start on.
            turnover_days (int | Unset): Nights kept free after every occupancy (a booking here, a block, an imported stay)
                for cleaning: they block bookings, show in availability and in the exported calendar, and an imported stay that
                needs them is a conflict. A change applies to every occupancy not over yet, as far as the nights after it are
                free. Default: 0.
            instant_book (bool | Unset): With false, a booking is a request that holds its nights until the host accepts or
                declines it, or it expires; a request asks for at most `maxNights`, and one guest has at most 3 requests open at
                once (see POST /reservations). Default: True.
            request_expiry_hours (int | Unset): How long a request waits for the host. Default: 24.
            cancellation_policy (StayRulesCancellationPolicy | Unset): How much of the nights a guest's cancellation
                refunds, by how long before the check-in
                (the check-in date at the couch's check-in time) it is made; stored on each booking when
                it is made, so a later change does not touch it:
                - flexible: all at least 24 hours before; nothing after.
                - moderate: all at least 5 days before; half at least 24 hours before; nothing after.
                - strict: all at least 14 days before; half at least 7 days before; nothing after.
                The nights are what was paid for them: their sum less the discount, with the
                extra-guest fees. The cleaning fee is refunded whenever the stay has not begun. A host
                who cancels refunds everything. Half is rounded to the cent, half a cent away from zero.
                 Default: StayRulesCancellationPolicy.FLEXIBLE.
    """

    min_nights: int | Unset = 1
    max_nights: int | Unset = 365
    weekday_min_nights: StayRulesWeekdayMinNights | Unset = UNSET
    advance_notice_hours: int | Unset = 0
    booking_window_days: int | Unset = UNSET
    check_in_weekdays: list[int] | Unset = UNSET
    turnover_days: int | Unset = 0
    instant_book: bool | Unset = True
    request_expiry_hours: int | Unset = 24
    cancellation_policy: StayRulesCancellationPolicy | Unset = StayRulesCancellationPolicy.FLEXIBLE
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        min_nights = self.min_nights

        max_nights = self.max_nights

        weekday_min_nights: dict[str, Any] | Unset = UNSET
        if not isinstance(self.weekday_min_nights, Unset):
            weekday_min_nights = self.weekday_min_nights.to_dict()

        advance_notice_hours = self.advance_notice_hours

        booking_window_days = self.booking_window_days

        check_in_weekdays: list[int] | Unset = UNSET
        if not isinstance(self.check_in_weekdays, Unset):
            check_in_weekdays = self.check_in_weekdays

        turnover_days = self.turnover_days

        instant_book = self.instant_book

        request_expiry_hours = self.request_expiry_hours

        cancellation_policy: str | Unset = UNSET
        if not isinstance(self.cancellation_policy, Unset):
            cancellation_policy = self.cancellation_policy.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if min_nights is not UNSET:
            field_dict["minNights"] = min_nights
        if max_nights is not UNSET:
            field_dict["maxNights"] = max_nights
        if weekday_min_nights is not UNSET:
            field_dict["weekdayMinNights"] = weekday_min_nights
        if advance_notice_hours is not UNSET:
            field_dict["advanceNoticeHours"] = advance_notice_hours
        if booking_window_days is not UNSET:
            field_dict["bookingWindowDays"] = booking_window_days
        if check_in_weekdays is not UNSET:
            field_dict["checkInWeekdays"] = check_in_weekdays
        if turnover_days is not UNSET:
            field_dict["turnoverDays"] = turnover_days
        if instant_book is not UNSET:
            field_dict["instantBook"] = instant_book
        if request_expiry_hours is not UNSET:
            field_dict["requestExpiryHours"] = request_expiry_hours
        if cancellation_policy is not UNSET:
            field_dict["cancellationPolicy"] = cancellation_policy

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.stay_rules_weekday_min_nights import StayRulesWeekdayMinNights  # noqa: PLC0415

        d = dict(src_dict)
        min_nights = d.pop("minNights", UNSET)

        max_nights = d.pop("maxNights", UNSET)

        _weekday_min_nights = d.pop("weekdayMinNights", UNSET)
        weekday_min_nights: StayRulesWeekdayMinNights | Unset
        if isinstance(_weekday_min_nights, Unset):
            weekday_min_nights = UNSET
        else:
            weekday_min_nights = StayRulesWeekdayMinNights.from_dict(_weekday_min_nights)

        advance_notice_hours = d.pop("advanceNoticeHours", UNSET)

        booking_window_days = d.pop("bookingWindowDays", UNSET)

        check_in_weekdays = cast(list[int], d.pop("checkInWeekdays", UNSET))

        turnover_days = d.pop("turnoverDays", UNSET)

        instant_book = d.pop("instantBook", UNSET)

        request_expiry_hours = d.pop("requestExpiryHours", UNSET)

        _cancellation_policy = d.pop("cancellationPolicy", UNSET)
        cancellation_policy: StayRulesCancellationPolicy | Unset
        if isinstance(_cancellation_policy, Unset):
            cancellation_policy = UNSET
        else:
            cancellation_policy = StayRulesCancellationPolicy(_cancellation_policy)

        stay_rules = cls(
            min_nights=min_nights,
            max_nights=max_nights,
            weekday_min_nights=weekday_min_nights,
            advance_notice_hours=advance_notice_hours,
            booking_window_days=booking_window_days,
            check_in_weekdays=check_in_weekdays,
            turnover_days=turnover_days,
            instant_book=instant_book,
            request_expiry_hours=request_expiry_hours,
            cancellation_policy=cancellation_policy,
        )

        stay_rules.additional_properties = d
        return stay_rules

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
