from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.booked_range import BookedRange
from ...models.imported_stay import ImportedStay
from ...models.problem import Problem
from ...models.reservation import Reservation
from ...models.reservations_of_couch_status import ReservationsOfCouchStatus
from ...models.reservations_of_couch_when import ReservationsOfCouchWhen
from ...types import UNSET, Response, Unset


def _get_kwargs(
    couch_id: UUID,
    *,
    status: ReservationsOfCouchStatus | Unset = UNSET,
    when: ReservationsOfCouchWhen | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_when: str | Unset = UNSET
    if not isinstance(when, Unset):
        json_when = when.value

    params["when"] = json_when

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/reservations/{couch_id}".format(
            couch_id=quote(str(couch_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | list[BookedRange] | list[ImportedStay | Reservation] | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> list[BookedRange] | list[ImportedStay | Reservation]:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                response_200_type_0 = []
                _response_200_type_0 = data
                for response_200_type_0_item_data in _response_200_type_0:

                    def _parse_response_200_type_0_item(data: object) -> ImportedStay | Reservation:
                        try:
                            if not isinstance(data, dict):
                                raise TypeError()
                            response_200_type_0_item_type_0 = Reservation.from_dict(data)

                            return response_200_type_0_item_type_0
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        if not isinstance(data, dict):
                            raise TypeError()
                        response_200_type_0_item_type_1 = ImportedStay.from_dict(data)

                        return response_200_type_0_item_type_1

                    response_200_type_0_item = _parse_response_200_type_0_item(response_200_type_0_item_data)

                    response_200_type_0.append(response_200_type_0_item)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, list):
                raise TypeError()
            response_200_type_1 = []
            _response_200_type_1 = data
            for response_200_type_1_item_data in _response_200_type_1:
                response_200_type_1_item = BookedRange.from_dict(response_200_type_1_item_data)

                response_200_type_1.append(response_200_type_1_item)

            return response_200_type_1

        response_200 = _parse_response_200(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | list[BookedRange] | list[ImportedStay | Reservation]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    couch_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: ReservationsOfCouchStatus | Unset = UNSET,
    when: ReservationsOfCouchWhen | Unset = UNSET,
) -> Response[Problem | list[BookedRange] | list[ImportedStay | Reservation]]:
    """A couch's reservations in full for its host; for anyone else, only when it is taken.

     The host gets every reservation made here, with its guest, and every stay imported from a
    channel's calendar (`source: import`, with a `channel` object and no SmartCouch guest or
    price), filtered and ordered as for /reservations/user/{userId}. An imported stay is
    `confirmed` while it holds all its nights and `conflict` while something else holds some (see
    /couches/{id}/conflicts); `status=confirmed` leaves conflicts out and `status=cancelled`
    lists no imports, since a stay a channel cancels leaves its feed. A channel's blocks are
    not stays and are not listed.

    Anyone else gets the check-in and check-out dates of everything that takes nights from
    today on (bookings, imported stays, blocks), soonest first, and nothing about who takes
    them (`status` and `when` are then ignored): a guest never sees another guest's
    reservation here, and finds their own at /reservations/user/{userId}.

    Args:
        couch_id (UUID):
        status (ReservationsOfCouchStatus | Unset):
        when (ReservationsOfCouchWhen | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[BookedRange] | list[ImportedStay | Reservation]]
    """

    kwargs = _get_kwargs(
        couch_id=couch_id,
        status=status,
        when=when,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    couch_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: ReservationsOfCouchStatus | Unset = UNSET,
    when: ReservationsOfCouchWhen | Unset = UNSET,
) -> Problem | list[BookedRange] | list[ImportedStay | Reservation] | None:
    """A couch's reservations in full for its host; for anyone else, only when it is taken.

     The host gets every reservation made here, with its guest, and every stay imported from a
    channel's calendar (`source: import`, with a `channel` object and no SmartCouch guest or
    price), filtered and ordered as for /reservations/user/{userId}. An imported stay is
    `confirmed` while it holds all its nights and `conflict` while something else holds some (see
    /couches/{id}/conflicts); `status=confirmed` leaves conflicts out and `status=cancelled`
    lists no imports, since a stay a channel cancels leaves its feed. A channel's blocks are
    not stays and are not listed.

    Anyone else gets the check-in and check-out dates of everything that takes nights from
    today on (bookings, imported stays, blocks), soonest first, and nothing about who takes
    them (`status` and `when` are then ignored): a guest never sees another guest's
    reservation here, and finds their own at /reservations/user/{userId}.

    Args:
        couch_id (UUID):
        status (ReservationsOfCouchStatus | Unset):
        when (ReservationsOfCouchWhen | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[BookedRange] | list[ImportedStay | Reservation]
    """

    return sync_detailed(
        couch_id=couch_id,
        client=client,
        status=status,
        when=when,
    ).parsed


async def asyncio_detailed(
    couch_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: ReservationsOfCouchStatus | Unset = UNSET,
    when: ReservationsOfCouchWhen | Unset = UNSET,
) -> Response[Problem | list[BookedRange] | list[ImportedStay | Reservation]]:
    """A couch's reservations in full for its host; for anyone else, only when it is taken.

     The host gets every reservation made here, with its guest, and every stay imported from a
    channel's calendar (`source: import`, with a `channel` object and no SmartCouch guest or
    price), filtered and ordered as for /reservations/user/{userId}. An imported stay is
    `confirmed` while it holds all its nights and `conflict` while something else holds some (see
    /couches/{id}/conflicts); `status=confirmed` leaves conflicts out and `status=cancelled`
    lists no imports, since a stay a channel cancels leaves its feed. A channel's blocks are
    not stays and are not listed.

    Anyone else gets the check-in and check-out dates of everything that takes nights from
    today on (bookings, imported stays, blocks), soonest first, and nothing about who takes
    them (`status` and `when` are then ignored): a guest never sees another guest's
    reservation here, and finds their own at /reservations/user/{userId}.

    Args:
        couch_id (UUID):
        status (ReservationsOfCouchStatus | Unset):
        when (ReservationsOfCouchWhen | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[BookedRange] | list[ImportedStay | Reservation]]
    """

    kwargs = _get_kwargs(
        couch_id=couch_id,
        status=status,
        when=when,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    couch_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: ReservationsOfCouchStatus | Unset = UNSET,
    when: ReservationsOfCouchWhen | Unset = UNSET,
) -> Problem | list[BookedRange] | list[ImportedStay | Reservation] | None:
    """A couch's reservations in full for its host; for anyone else, only when it is taken.

     The host gets every reservation made here, with its guest, and every stay imported from a
    channel's calendar (`source: import`, with a `channel` object and no SmartCouch guest or
    price), filtered and ordered as for /reservations/user/{userId}. An imported stay is
    `confirmed` while it holds all its nights and `conflict` while something else holds some (see
    /couches/{id}/conflicts); `status=confirmed` leaves conflicts out and `status=cancelled`
    lists no imports, since a stay a channel cancels leaves its feed. A channel's blocks are
    not stays and are not listed.

    Anyone else gets the check-in and check-out dates of everything that takes nights from
    today on (bookings, imported stays, blocks), soonest first, and nothing about who takes
    them (`status` and `when` are then ignored): a guest never sees another guest's
    reservation here, and finds their own at /reservations/user/{userId}.

    Args:
        couch_id (UUID):
        status (ReservationsOfCouchStatus | Unset):
        when (ReservationsOfCouchWhen | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[BookedRange] | list[ImportedStay | Reservation]
    """

    return (
        await asyncio_detailed(
            couch_id=couch_id,
            client=client,
            status=status,
            when=when,
        )
    ).parsed
