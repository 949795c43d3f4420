from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.calendar import Calendar
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: UUID,
    calendar_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/couches/{id}/calendars/{calendar_id}/sync".format(
            id=quote(str(id), safe=""),
            calendar_id=quote(str(calendar_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Calendar | Problem | None:
    if response.status_code == 200:
        response_200 = Calendar.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Calendar | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    calendar_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Calendar | Problem]:
    """Fetch a calendar now (owner only); an unchanged feed changes nothing.

     A fetch that fails or a body that is not iCalendar keeps the last good events and shows as
    `lastError`.

    Args:
        id (UUID):
        calendar_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Calendar | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        calendar_id=calendar_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    calendar_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Calendar | Problem | None:
    """Fetch a calendar now (owner only); an unchanged feed changes nothing.

     A fetch that fails or a body that is not iCalendar keeps the last good events and shows as
    `lastError`.

    Args:
        id (UUID):
        calendar_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Calendar | Problem
    """

    return sync_detailed(
        id=id,
        calendar_id=calendar_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    calendar_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Calendar | Problem]:
    """Fetch a calendar now (owner only); an unchanged feed changes nothing.

     A fetch that fails or a body that is not iCalendar keeps the last good events and shows as
    `lastError`.

    Args:
        id (UUID):
        calendar_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Calendar | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        calendar_id=calendar_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    calendar_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Calendar | Problem | None:
    """Fetch a calendar now (owner only); an unchanged feed changes nothing.

     A fetch that fails or a body that is not iCalendar keeps the last good events and shows as
    `lastError`.

    Args:
        id (UUID):
        calendar_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Calendar | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            calendar_id=calendar_id,
            client=client,
        )
    ).parsed
