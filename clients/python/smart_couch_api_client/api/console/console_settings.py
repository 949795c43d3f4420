from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    couch_id: UUID,
    *,
    check_in: str | Unset = UNSET,
    check_out: str | Unset = UNSET,
    guests: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["checkIn"] = check_in

    params["checkOut"] = check_out

    params["guests"] = guests

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/console/couches/{couch_id}/settings".format(
            couch_id=quote(str(couch_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 303:
        response_303 = cast(Any, None)
        return response_303

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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    couch_id: UUID,
    *,
    client: AuthenticatedClient,
    check_in: str | Unset = UNSET,
    check_out: str | Unset = UNSET,
    guests: int | Unset = UNSET,
) -> Response[Any | Problem | str]:
    """A couch's settings: stay rules, prices with a price preview, the guest's guide, door codes, channel
    calendars, the hub.

     With `checkIn`, `checkOut` (and `guests`) it also shows what such a stay would cost, by the same
    quote as `GET /couches/{id}/quote`, or which rules it breaks. Only the couch's host (403 otherwise).

    Args:
        couch_id (UUID):
        check_in (str | Unset):
        check_out (str | Unset):
        guests (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | str]
    """

    kwargs = _get_kwargs(
        couch_id=couch_id,
        check_in=check_in,
        check_out=check_out,
        guests=guests,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    couch_id: UUID,
    *,
    client: AuthenticatedClient,
    check_in: str | Unset = UNSET,
    check_out: str | Unset = UNSET,
    guests: int | Unset = UNSET,
) -> Any | Problem | str | None:
    """A couch's settings: stay rules, prices with a price preview, the guest's guide, door codes, channel
    calendars, the hub.

     With `checkIn`, `checkOut` (and `guests`) it also shows what such a stay would cost, by the same
    quote as `GET /couches/{id}/quote`, or which rules it breaks. Only the couch's host (403 otherwise).

    Args:
        couch_id (UUID):
        check_in (str | Unset):
        check_out (str | Unset):
        guests (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | str
    """

    return sync_detailed(
        couch_id=couch_id,
        client=client,
        check_in=check_in,
        check_out=check_out,
        guests=guests,
    ).parsed


async def asyncio_detailed(
    couch_id: UUID,
    *,
    client: AuthenticatedClient,
    check_in: str | Unset = UNSET,
    check_out: str | Unset = UNSET,
    guests: int | Unset = UNSET,
) -> Response[Any | Problem | str]:
    """A couch's settings: stay rules, prices with a price preview, the guest's guide, door codes, channel
    calendars, the hub.

     With `checkIn`, `checkOut` (and `guests`) it also shows what such a stay would cost, by the same
    quote as `GET /couches/{id}/quote`, or which rules it breaks. Only the couch's host (403 otherwise).

    Args:
        couch_id (UUID):
        check_in (str | Unset):
        check_out (str | Unset):
        guests (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | str]
    """

    kwargs = _get_kwargs(
        couch_id=couch_id,
        check_in=check_in,
        check_out=check_out,
        guests=guests,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    couch_id: UUID,
    *,
    client: AuthenticatedClient,
    check_in: str | Unset = UNSET,
    check_out: str | Unset = UNSET,
    guests: int | Unset = UNSET,
) -> Any | Problem | str | None:
    """A couch's settings: stay rules, prices with a price preview, the guest's guide, door codes, channel
    calendars, the hub.

     With `checkIn`, `checkOut` (and `guests`) it also shows what such a stay would cost, by the same
    quote as `GET /couches/{id}/quote`, or which rules it breaks. Only the couch's host (403 otherwise).

    Args:
        couch_id (UUID):
        check_in (str | Unset):
        check_out (str | Unset):
        guests (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | str
    """

    return (
        await asyncio_detailed(
            couch_id=couch_id,
            client=client,
            check_in=check_in,
            check_out=check_out,
            guests=guests,
        )
    ).parsed
