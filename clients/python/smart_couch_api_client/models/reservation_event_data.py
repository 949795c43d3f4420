from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.reservation_event_data_status import ReservationEventDataStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReservationEventData")


@_attrs_define
class ReservationEventData:
    """`reservation.created` (also a request to book), `reservation.cancelled`, and `reservation.changed` (accepted,
    declined, expired or shortened).

        Attributes:
            reservation_id (UUID):
            status (ReservationEventDataStatus):
            check_in (datetime.date):
            check_out (datetime.date):
            guests (int):
            cancelled_by (UUID | Unset): `reservation.cancelled`: who cancelled.
            previous_status (str | Unset): `reservation.changed`: the status before.
            previous_check_out (datetime.date | Unset): `reservation.changed`: the check-out before a shortening.
    """

    reservation_id: UUID
    status: ReservationEventDataStatus
    check_in: datetime.date
    check_out: datetime.date
    guests: int
    cancelled_by: UUID | Unset = UNSET
    previous_status: str | Unset = UNSET
    previous_check_out: datetime.date | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        reservation_id = str(self.reservation_id)

        status = self.status.value

        check_in = self.check_in.isoformat()

        check_out = self.check_out.isoformat()

        guests = self.guests

        cancelled_by: str | Unset = UNSET
        if not isinstance(self.cancelled_by, Unset):
            cancelled_by = str(self.cancelled_by)

        previous_status = self.previous_status

        previous_check_out: str | Unset = UNSET
        if not isinstance(self.previous_check_out, Unset):
            previous_check_out = self.previous_check_out.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reservationId": reservation_id,
                "status": status,
                "checkIn": check_in,
                "checkOut": check_out,
                "guests": guests,
            }
        )
        if cancelled_by is not UNSET:
            field_dict["cancelledBy"] = cancelled_by
        if previous_status is not UNSET:
            field_dict["previousStatus"] = previous_status
        if previous_check_out is not UNSET:
            field_dict["previousCheckOut"] = previous_check_out

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reservation_id = UUID(d.pop("reservationId"))

        status = ReservationEventDataStatus(d.pop("status"))

        check_in = datetime.date.fromisoformat(d.pop("checkIn"))

        check_out = datetime.date.fromisoformat(d.pop("checkOut"))

        guests = d.pop("guests")

        _cancelled_by = d.pop("cancelledBy", UNSET)
        cancelled_by: UUID | Unset
        if isinstance(_cancelled_by, Unset):
            cancelled_by = UNSET
        else:
            cancelled_by = UUID(_cancelled_by)

        previous_status = d.pop("previousStatus", UNSET)

        _previous_check_out = d.pop("previousCheckOut", UNSET)
        previous_check_out: datetime.date | Unset
        if isinstance(_previous_check_out, Unset):
            previous_check_out = UNSET
        else:
            previous_check_out = datetime.date.fromisoformat(_previous_check_out)

        reservation_event_data = cls(
            reservation_id=reservation_id,
            status=status,
            check_in=check_in,
            check_out=check_out,
            guests=guests,
            cancelled_by=cancelled_by,
            previous_status=previous_status,
            previous_check_out=previous_check_out,
        )

        return reservation_event_data
