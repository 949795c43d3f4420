from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.reservation import Reservation
from ...models.shorten_reservation_body import ShortenReservationBody
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: ShortenReservationBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/reservations/{id}/shorten".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Reservation | None:
    if response.status_code == 200:
        response_200 = Reservation.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ShortenReservationBody,
) -> Response[Problem | Reservation]:
    """End a confirmed stay sooner (the couch's host only), one under way or to come.

     The nights from the new `checkOut` on are free again (imported stays waiting for them take them),
    the stay's door code ends with the new check-out, and the turnover follows it. The nights let go are
    refunded at what the guest paid for them (their share of the discount taken off, their extra-guest
    fees added), added to `refund`; `price` and `totalPrice` keep the nights left. 422 for a check-out
    not after the check-in, not before the current one, or before today at the couch; 409 when the stay
    is not confirmed or has ended.

    Args:
        id (UUID):
        body (ShortenReservationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Reservation]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ShortenReservationBody,
) -> Problem | Reservation | None:
    """End a confirmed stay sooner (the couch's host only), one under way or to come.

     The nights from the new `checkOut` on are free again (imported stays waiting for them take them),
    the stay's door code ends with the new check-out, and the turnover follows it. The nights let go are
    refunded at what the guest paid for them (their share of the discount taken off, their extra-guest
    fees added), added to `refund`; `price` and `totalPrice` keep the nights left. 422 for a check-out
    not after the check-in, not before the current one, or before today at the couch; 409 when the stay
    is not confirmed or has ended.

    Args:
        id (UUID):
        body (ShortenReservationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Reservation
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ShortenReservationBody,
) -> Response[Problem | Reservation]:
    """End a confirmed stay sooner (the couch's host only), one under way or to come.

     The nights from the new `checkOut` on are free again (imported stays waiting for them take them),
    the stay's door code ends with the new check-out, and the turnover follows it. The nights let go are
    refunded at what the guest paid for them (their share of the discount taken off, their extra-guest
    fees added), added to `refund`; `price` and `totalPrice` keep the nights left. 422 for a check-out
    not after the check-in, not before the current one, or before today at the couch; 409 when the stay
    is not confirmed or has ended.

    Args:
        id (UUID):
        body (ShortenReservationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Reservation]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ShortenReservationBody,
) -> Problem | Reservation | None:
    """End a confirmed stay sooner (the couch's host only), one under way or to come.

     The nights from the new `checkOut` on are free again (imported stays waiting for them take them),
    the stay's door code ends with the new check-out, and the turnover follows it. The nights let go are
    refunded at what the guest paid for them (their share of the discount taken off, their extra-guest
    fees added), added to `refund`; `price` and `totalPrice` keep the nights left. 422 for a check-out
    not after the check-in, not before the current one, or before today at the couch; 409 when the stay
    is not confirmed or has ended.

    Args:
        id (UUID):
        body (ShortenReservationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Reservation
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
