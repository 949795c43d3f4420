from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.reservation_cancellation_policy import ReservationCancellationPolicy
from ..models.reservation_source import ReservationSource
from ..models.reservation_status import ReservationStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.price_breakdown import PriceBreakdown


T = TypeVar("T", bound="Reservation")


@_attrs_define
class Reservation:
    """
    Attributes:
        id (UUID):
        couch_id (UUID):
        guest_id (UUID):
        guest_name (str):
        check_in (datetime.date):
        check_out (datetime.date):
        guests (int):
        status (ReservationStatus): `requested` holds the nights until the host accepts (`confirmed`) or declines it, or
            it expires; only a confirmed stay gets a door code and home access.
        total_price (str): An amount with two decimals, as a string so that no client rounds it through a float. The
            rule for every amount a client writes (prices, fees, a couch's nightly price): a string; a JSON number in its
            place is refused with 422 naming the field, and nothing changes.
        currency (str):
        price (PriceBreakdown): What a stay costs. Amounts are exact sums of prices with two decimals; the discount, the
            only part divided, is rounded to the cent, half a cent away from zero. `total` = the nights' sum − `discount` +
            `cleaningFee` + `extraGuestFees`.
        cancellation_policy (ReservationCancellationPolicy): The couch's policy when the stay was booked (see
            StayRules).
        created_at (datetime.datetime):
        source (ReservationSource | Unset): A booking made here; the host's list of a couch also holds imported stays.
        request_expires_at (datetime.datetime | Unset): Until when the host may accept the request; kept after the
            answer.
        guest_open_requests (int | Unset): For a request (`requested`): how many requests to book its guest has open
            now, this one included; at most the server's cap (3 by default).
        refund (str | Unset): An amount with two decimals, as a string so that no client rounds it through a float. The
            rule for every amount a client writes (prices, fees, a couch's nightly price): a string; a JSON number in its
            place is refused with 422 naming the field, and nothing changes.
        conversation_id (UUID | Unset): The host–guest conversation about the couch.
        cancelled_at (datetime.datetime | Unset):
        cancelled_by (UUID | Unset): The guest or the host who cancelled.
        checked_in_at (datetime.datetime | Unset): The first unlock inside the stay window, by the stay's code on a
            keypad or through the app.
        checked_out_at (datetime.datetime | Unset): When the guest or the host checked the stay out early.
    """

    id: UUID
    couch_id: UUID
    guest_id: UUID
    guest_name: str
    check_in: datetime.date
    check_out: datetime.date
    guests: int
    status: ReservationStatus
    total_price: str
    currency: str
    price: PriceBreakdown
    cancellation_policy: ReservationCancellationPolicy
    created_at: datetime.datetime
    source: ReservationSource | Unset = UNSET
    request_expires_at: datetime.datetime | Unset = UNSET
    guest_open_requests: int | Unset = UNSET
    refund: str | Unset = UNSET
    conversation_id: UUID | Unset = UNSET
    cancelled_at: datetime.datetime | Unset = UNSET
    cancelled_by: UUID | Unset = UNSET
    checked_in_at: datetime.datetime | Unset = UNSET
    checked_out_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        couch_id = str(self.couch_id)

        guest_id = str(self.guest_id)

        guest_name = self.guest_name

        check_in = self.check_in.isoformat()

        check_out = self.check_out.isoformat()

        guests = self.guests

        status = self.status.value

        total_price = self.total_price

        currency = self.currency

        price = self.price.to_dict()

        cancellation_policy = self.cancellation_policy.value

        created_at = self.created_at.isoformat()

        source: str | Unset = UNSET
        if not isinstance(self.source, Unset):
            source = self.source.value

        request_expires_at: str | Unset = UNSET
        if not isinstance(self.request_expires_at, Unset):
            request_expires_at = self.request_expires_at.isoformat()

        guest_open_requests = self.guest_open_requests

        refund = self.refund

        conversation_id: str | Unset = UNSET
        if not isinstance(self.conversation_id, Unset):
            conversation_id = str(self.conversation_id)

        cancelled_at: str | Unset = UNSET
        if not isinstance(self.cancelled_at, Unset):
            cancelled_at = self.cancelled_at.isoformat()

        cancelled_by: str | Unset = UNSET
        if not isinstance(self.cancelled_by, Unset):
            cancelled_by = str(self.cancelled_by)

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
                "couchId": couch_id,
                "guestId": guest_id,
                "guestName": guest_name,
                "checkIn": check_in,
                "checkOut": check_out,
                "guests": guests,
                "status": status,
                "totalPrice": total_price,
                "currency": currency,
                "price": price,
                "cancellationPolicy": cancellation_policy,
                "createdAt": created_at,
            }
        )
        if source is not UNSET:
            field_dict["source"] = source
        if request_expires_at is not UNSET:
            field_dict["requestExpiresAt"] = request_expires_at
        if guest_open_requests is not UNSET:
            field_dict["guestOpenRequests"] = guest_open_requests
        if refund is not UNSET:
            field_dict["refund"] = refund
        if conversation_id is not UNSET:
            field_dict["conversationId"] = conversation_id
        if cancelled_at is not UNSET:
            field_dict["cancelledAt"] = cancelled_at
        if cancelled_by is not UNSET:
            field_dict["cancelledBy"] = cancelled_by
        if checked_in_at is not UNSET:
            field_dict["checkedInAt"] = checked_in_at
        if checked_out_at is not UNSET:
            field_dict["checkedOutAt"] = checked_out_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.price_breakdown import PriceBreakdown  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        couch_id = UUID(d.pop("couchId"))

        guest_id = UUID(d.pop("guestId"))

        guest_name = d.pop("guestName")

        check_in = datetime.date.fromisoformat(d.pop("checkIn"))

        check_out = datetime.date.fromisoformat(d.pop("checkOut"))

        guests = d.pop("guests")

        status = ReservationStatus(d.pop("status"))

        total_price = d.pop("totalPrice")

        currency = d.pop("currency")

        price = PriceBreakdown.from_dict(d.pop("price"))

        cancellation_policy = ReservationCancellationPolicy(d.pop("cancellationPolicy"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        _source = d.pop("source", UNSET)
        source: ReservationSource | Unset
        if isinstance(_source, Unset):
            source = UNSET
        else:
            source = ReservationSource(_source)

        _request_expires_at = d.pop("requestExpiresAt", UNSET)
        request_expires_at: datetime.datetime | Unset
        if isinstance(_request_expires_at, Unset):
            request_expires_at = UNSET
        else:
            request_expires_at = datetime.datetime.fromisoformat(_request_expires_at)

        guest_open_requests = d.pop("guestOpenRequests", UNSET)

        refund = d.pop("refund", UNSET)

        _conversation_id = d.pop("conversationId", UNSET)
        conversation_id: UUID | Unset
        if isinstance(_conversation_id, Unset):
            conversation_id = UNSET
        else:
            conversation_id = UUID(_conversation_id)

        _cancelled_at = d.pop("cancelledAt", UNSET)
        cancelled_at: datetime.datetime | Unset
        if isinstance(_cancelled_at, Unset):
            cancelled_at = UNSET
        else:
            cancelled_at = datetime.datetime.fromisoformat(_cancelled_at)

        _cancelled_by = d.pop("cancelledBy", UNSET)
        cancelled_by: UUID | Unset
        if isinstance(_cancelled_by, Unset):
            cancelled_by = UNSET
        else:
            cancelled_by = UUID(_cancelled_by)

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

        reservation = cls(
            id=id,
            couch_id=couch_id,
            guest_id=guest_id,
            guest_name=guest_name,
            check_in=check_in,
            check_out=check_out,
            guests=guests,
            status=status,
            total_price=total_price,
            currency=currency,
            price=price,
            cancellation_policy=cancellation_policy,
            created_at=created_at,
            source=source,
            request_expires_at=request_expires_at,
            guest_open_requests=guest_open_requests,
            refund=refund,
            conversation_id=conversation_id,
            cancelled_at=cancelled_at,
            cancelled_by=cancelled_by,
            checked_in_at=checked_in_at,
            checked_out_at=checked_out_at,
        )

        reservation.additional_properties = d
        return reservation

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
