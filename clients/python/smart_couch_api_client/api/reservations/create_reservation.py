from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.reservation import Reservation
from ...models.reservation_input import ReservationInput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ReservationInput,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/reservations",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Reservation | None:
    if response.status_code == 201:
        response_201 = Reservation.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

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
) -> Response[Problem | Reservation]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ReservationInput,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | Reservation]:
    """Book a stay at a couch; confirmed at once, or a request the host answers when the couch does not
    book instantly.

     The nights run from `checkIn` (included) to `checkOut` (excluded), so a stay may begin on
    the day another ends, unless the couch keeps turnover days free after each stay. 409 when
    something holds any of the nights, or any of the turnover days before or after them; the
    database decides this, also between simultaneous requests, of which exactly one wins. 422
    for a stay the couch's rules refuse (`GET /couches/{id}/rules`: each broken rule named on
    `checkIn` or `checkOut`), a check-in before today on the couch's calendar (its time
    zone), more than 365 nights, more guests than the couch takes (`guests`), or the caller's
    own couch (`couchId`). `totalPrice` is what `GET /couches/{id}/quote` answers for the same
    stay, and `price` its breakdown; both are kept as sold. At a couch with `instantBook:
    false` the reservation is `requested`: it holds its nights until the host accepts it
    (`POST /reservations/{id}/accept`), declines it, or it expires at `requestExpiresAt`.
    Since a request holds nights nobody else may book, it is bounded as booking platforms
    bound them: it asks for no more than the couch's `maxNights` (a 422, as for any stay), and
    one guest has at most `OPEN_REQUESTS_PER_GUEST` (3 unless the operator sets another
    number) requests open at once, at any hosts; one more is refused with 409 of type
    `/problems/too-many-open-requests` and holds nothing. The host sees with each request
    how many its guest has open (`guestOpenRequests`).
    Booking opens the host–guest conversation about the couch, or reuses the one they have,
    and returns its id.

    With an `Idempotency-Key`, the same request repeated by the same user within 24 hours is
    answered with the first response (and `Idempotent-Replayed: true`) instead of booking
    again; the key with a different request is refused with 422. Only successful bookings
    are remembered: a request that failed can be retried with its key.

    Args:
        idempotency_key (str | Unset):
        body (ReservationInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Reservation]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: ReservationInput,
    idempotency_key: str | Unset = UNSET,
) -> Problem | Reservation | None:
    """Book a stay at a couch; confirmed at once, or a request the host answers when the couch does not
    book instantly.

     The nights run from `checkIn` (included) to `checkOut` (excluded), so a stay may begin on
    the day another ends, unless the couch keeps turnover days free after each stay. 409 when
    something holds any of the nights, or any of the turnover days before or after them; the
    database decides this, also between simultaneous requests, of which exactly one wins. 422
    for a stay the couch's rules refuse (`GET /couches/{id}/rules`: each broken rule named on
    `checkIn` or `checkOut`), a check-in before today on the couch's calendar (its time
    zone), more than 365 nights, more guests than the couch takes (`guests`), or the caller's
    own couch (`couchId`). `totalPrice` is what `GET /couches/{id}/quote` answers for the same
    stay, and `price` its breakdown; both are kept as sold. At a couch with `instantBook:
    false` the reservation is `requested`: it holds its nights until the host accepts it
    (`POST /reservations/{id}/accept`), declines it, or it expires at `requestExpiresAt`.
    Since a request holds nights nobody else may book, it is bounded as booking platforms
    bound them: it asks for no more than the couch's `maxNights` (a 422, as for any stay), and
    one guest has at most `OPEN_REQUESTS_PER_GUEST` (3 unless the operator sets another
    number) requests open at once, at any hosts; one more is refused with 409 of type
    `/problems/too-many-open-requests` and holds nothing. The host sees with each request
    how many its guest has open (`guestOpenRequests`).
    Booking opens the host–guest conversation about the couch, or reuses the one they have,
    and returns its id.

    With an `Idempotency-Key`, the same request repeated by the same user within 24 hours is
    answered with the first response (and `Idempotent-Replayed: true`) instead of booking
    again; the key with a different request is refused with 422. Only successful bookings
    are remembered: a request that failed can be retried with its key.

    Args:
        idempotency_key (str | Unset):
        body (ReservationInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Reservation
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ReservationInput,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | Reservation]:
    """Book a stay at a couch; confirmed at once, or a request the host answers when the couch does not
    book instantly.

     The nights run from `checkIn` (included) to `checkOut` (excluded), so a stay may begin on
    the day another ends, unless the couch keeps turnover days free after each stay. 409 when
    something holds any of the nights, or any of the turnover days before or after them; the
    database decides this, also between simultaneous requests, of which exactly one wins. 422
    for a stay the couch's rules refuse (`GET /couches/{id}/rules`: each broken rule named on
    `checkIn` or `checkOut`), a check-in before today on the couch's calendar (its time
    zone), more than 365 nights, more guests than the couch takes (`guests`), or the caller's
    own couch (`couchId`). `totalPrice` is what `GET /couches/{id}/quote` answers for the same
    stay, and `price` its breakdown; both are kept as sold. At a couch with `instantBook:
    false` the reservation is `requested`: it holds its nights until the host accepts it
    (`POST /reservations/{id}/accept`), declines it, or it expires at `requestExpiresAt`.
    Since a request holds nights nobody else may book, it is bounded as booking platforms
    bound them: it asks for no more than the couch's `maxNights` (a 422, as for any stay), and
    one guest has at most `OPEN_REQUESTS_PER_GUEST` (3 unless the operator sets another
    number) requests open at once, at any hosts; one more is refused with 409 of type
    `/problems/too-many-open-requests` and holds nothing. The host sees with each request
    how many its guest has open (`guestOpenRequests`).
    Booking opens the host–guest conversation about the couch, or reuses the one they have,
    and returns its id.

    With an `Idempotency-Key`, the same request repeated by the same user within 24 hours is
    answered with the first response (and `Idempotent-Replayed: true`) instead of booking
    again; the key with a different request is refused with 422. Only successful bookings
    are remembered: a request that failed can be retried with its key.

    Args:
        idempotency_key (str | Unset):
        body (ReservationInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Reservation]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ReservationInput,
    idempotency_key: str | Unset = UNSET,
) -> Problem | Reservation | None:
    """Book a stay at a couch; confirmed at once, or a request the host answers when the couch does not
    book instantly.

     The nights run from `checkIn` (included) to `checkOut` (excluded), so a stay may begin on
    the day another ends, unless the couch keeps turnover days free after each stay. 409 when
    something holds any of the nights, or any of the turnover days before or after them; the
    database decides this, also between simultaneous requests, of which exactly one wins. 422
    for a stay the couch's rules refuse (`GET /couches/{id}/rules`: each broken rule named on
    `checkIn` or `checkOut`), a check-in before today on the couch's calendar (its time
    zone), more than 365 nights, more guests than the couch takes (`guests`), or the caller's
    own couch (`couchId`). `totalPrice` is what `GET /couches/{id}/quote` answers for the same
    stay, and `price` its breakdown; both are kept as sold. At a couch with `instantBook:
    false` the reservation is `requested`: it holds its nights until the host accepts it
    (`POST /reservations/{id}/accept`), declines it, or it expires at `requestExpiresAt`.
    Since a request holds nights nobody else may book, it is bounded as booking platforms
    bound them: it asks for no more than the couch's `maxNights` (a 422, as for any stay), and
    one guest has at most `OPEN_REQUESTS_PER_GUEST` (3 unless the operator sets another
    number) requests open at once, at any hosts; one more is refused with 409 of type
    `/problems/too-many-open-requests` and holds nothing. The host sees with each request
    how many its guest has open (`guestOpenRequests`).
    Booking opens the host–guest conversation about the couch, or reuses the one they have,
    and returns its id.

    With an `Idempotency-Key`, the same request repeated by the same user within 24 hours is
    answered with the first response (and `Idempotent-Replayed: true`) instead of booking
    again; the key with a different request is refused with 422. Only successful bookings
    are remembered: a request that failed can be retried with its key.

    Args:
        idempotency_key (str | Unset):
        body (ReservationInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Reservation
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
