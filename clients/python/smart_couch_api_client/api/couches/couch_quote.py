import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.quote import Quote
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    check_in: datetime.date,
    check_out: datetime.date,
    guests: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_check_in = check_in.isoformat()
    params["checkIn"] = json_check_in

    json_check_out = check_out.isoformat()
    params["checkOut"] = json_check_out

    params["guests"] = guests

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/couches/{id}/quote".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Quote | None:
    if response.status_code == 200:
        response_200 = Quote.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Quote]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    check_in: datetime.date,
    check_out: datetime.date,
    guests: int | Unset = UNSET,
) -> Response[Problem | Quote]:
    """What a stay would cost, night by night with fees and discount, and every rule that keeps it from
    being booked now.

     `total` is the `totalPrice` a booking of the same stay made now is sold for. Anyone may ask; with an
    access token the answer also counts the caller (an owner cannot book their own couch). A rule broken
    shows as a violation, not as an error; only a request that names no real stay (a bad date, check-out
    not after check-in, more than 365 nights, fewer than one guest) is a 422.

    Args:
        id (UUID):
        check_in (datetime.date):
        check_out (datetime.date):
        guests (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Quote]
    """

    kwargs = _get_kwargs(
        id=id,
        check_in=check_in,
        check_out=check_out,
        guests=guests,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient,
    check_in: datetime.date,
    check_out: datetime.date,
    guests: int | Unset = UNSET,
) -> Problem | Quote | None:
    """What a stay would cost, night by night with fees and discount, and every rule that keeps it from
    being booked now.

     `total` is the `totalPrice` a booking of the same stay made now is sold for. Anyone may ask; with an
    access token the answer also counts the caller (an owner cannot book their own couch). A rule broken
    shows as a violation, not as an error; only a request that names no real stay (a bad date, check-out
    not after check-in, more than 365 nights, fewer than one guest) is a 422.

    Args:
        id (UUID):
        check_in (datetime.date):
        check_out (datetime.date):
        guests (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Quote
    """

    return sync_detailed(
        id=id,
        client=client,
        check_in=check_in,
        check_out=check_out,
        guests=guests,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    check_in: datetime.date,
    check_out: datetime.date,
    guests: int | Unset = UNSET,
) -> Response[Problem | Quote]:
    """What a stay would cost, night by night with fees and discount, and every rule that keeps it from
    being booked now.

     `total` is the `totalPrice` a booking of the same stay made now is sold for. Anyone may ask; with an
    access token the answer also counts the caller (an owner cannot book their own couch). A rule broken
    shows as a violation, not as an error; only a request that names no real stay (a bad date, check-out
    not after check-in, more than 365 nights, fewer than one guest) is a 422.

    Args:
        id (UUID):
        check_in (datetime.date):
        check_out (datetime.date):
        guests (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Quote]
    """

    kwargs = _get_kwargs(
        id=id,
        check_in=check_in,
        check_out=check_out,
        guests=guests,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    check_in: datetime.date,
    check_out: datetime.date,
    guests: int | Unset = UNSET,
) -> Problem | Quote | None:
    """What a stay would cost, night by night with fees and discount, and every rule that keeps it from
    being booked now.

     `total` is the `totalPrice` a booking of the same stay made now is sold for. Anyone may ask; with an
    access token the answer also counts the caller (an owner cannot book their own couch). A rule broken
    shows as a violation, not as an error; only a request that names no real stay (a bad date, check-out
    not after check-in, more than 365 nights, fewer than one guest) is a 422.

    Args:
        id (UUID):
        check_in (datetime.date):
        check_out (datetime.date):
        guests (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Quote
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            check_in=check_in,
            check_out=check_out,
            guests=guests,
        )
    ).parsed
