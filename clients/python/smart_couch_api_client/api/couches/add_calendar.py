from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.calendar import Calendar
from ...models.calendar_input import CalendarInput
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: CalendarInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/couches/{id}/calendars".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Calendar | Problem | None:
    if response.status_code == 201:
        response_201 = Calendar.from_dict(response.json())

        return response_201

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Calendar | Problem]:
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
    body: CalendarInput,
) -> Response[Calendar | Problem]:
    """Import a channel's calendar feed (owner only); it is fetched once first.

     The channel's export link (iCalendar) is fetched through the egress policy (a private or loopback
    address only when the operator allows `calendar`), parsed, and its events become occupancies: stays
    and blocks take their nights like a booking here. The rule is per night: an event that overlaps a
    booking, a block or another channel's event holds every night of its own that nobody else holds, and
    the shared nights are its conflict; when the other side goes (a booking cancelled, a block removed,
    an event moved), the nights are taken at once. A link that cannot be used is a 422 saying why (not
    http(s), unreachable, refused, not iCalendar, the status it answered). The link is stored encrypted
    and shown masked. A couch imports at most 10 calendars, each URL once: an 11th, or a URL the couch
    already imports, is a 409 (naming the calendar that has it). The `calendar-sync` job fetches every
    calendar again (`CALENDAR_SYNC_SCHEDULE`, every 15 minutes by default), conditionally, a few at a
    time with hosts taking turns; a failed fetch keeps the last good events, and a calendar that failed
    twice in a row is fetched again after 5 minutes, doubling up to 4 hours (`POST …/sync` fetches it at
    once).

    Args:
        id (UUID):
        body (CalendarInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Calendar | Problem]
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
    body: CalendarInput,
) -> Calendar | Problem | None:
    """Import a channel's calendar feed (owner only); it is fetched once first.

     The channel's export link (iCalendar) is fetched through the egress policy (a private or loopback
    address only when the operator allows `calendar`), parsed, and its events become occupancies: stays
    and blocks take their nights like a booking here. The rule is per night: an event that overlaps a
    booking, a block or another channel's event holds every night of its own that nobody else holds, and
    the shared nights are its conflict; when the other side goes (a booking cancelled, a block removed,
    an event moved), the nights are taken at once. A link that cannot be used is a 422 saying why (not
    http(s), unreachable, refused, not iCalendar, the status it answered). The link is stored encrypted
    and shown masked. A couch imports at most 10 calendars, each URL once: an 11th, or a URL the couch
    already imports, is a 409 (naming the calendar that has it). The `calendar-sync` job fetches every
    calendar again (`CALENDAR_SYNC_SCHEDULE`, every 15 minutes by default), conditionally, a few at a
    time with hosts taking turns; a failed fetch keeps the last good events, and a calendar that failed
    twice in a row is fetched again after 5 minutes, doubling up to 4 hours (`POST …/sync` fetches it at
    once).

    Args:
        id (UUID):
        body (CalendarInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Calendar | Problem
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
    body: CalendarInput,
) -> Response[Calendar | Problem]:
    """Import a channel's calendar feed (owner only); it is fetched once first.

     The channel's export link (iCalendar) is fetched through the egress policy (a private or loopback
    address only when the operator allows `calendar`), parsed, and its events become occupancies: stays
    and blocks take their nights like a booking here. The rule is per night: an event that overlaps a
    booking, a block or another channel's event holds every night of its own that nobody else holds, and
    the shared nights are its conflict; when the other side goes (a booking cancelled, a block removed,
    an event moved), the nights are taken at once. A link that cannot be used is a 422 saying why (not
    http(s), unreachable, refused, not iCalendar, the status it answered). The link is stored encrypted
    and shown masked. A couch imports at most 10 calendars, each URL once: an 11th, or a URL the couch
    already imports, is a 409 (naming the calendar that has it). The `calendar-sync` job fetches every
    calendar again (`CALENDAR_SYNC_SCHEDULE`, every 15 minutes by default), conditionally, a few at a
    time with hosts taking turns; a failed fetch keeps the last good events, and a calendar that failed
    twice in a row is fetched again after 5 minutes, doubling up to 4 hours (`POST …/sync` fetches it at
    once).

    Args:
        id (UUID):
        body (CalendarInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Calendar | Problem]
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
    body: CalendarInput,
) -> Calendar | Problem | None:
    """Import a channel's calendar feed (owner only); it is fetched once first.

     The channel's export link (iCalendar) is fetched through the egress policy (a private or loopback
    address only when the operator allows `calendar`), parsed, and its events become occupancies: stays
    and blocks take their nights like a booking here. The rule is per night: an event that overlaps a
    booking, a block or another channel's event holds every night of its own that nobody else holds, and
    the shared nights are its conflict; when the other side goes (a booking cancelled, a block removed,
    an event moved), the nights are taken at once. A link that cannot be used is a 422 saying why (not
    http(s), unreachable, refused, not iCalendar, the status it answered). The link is stored encrypted
    and shown masked. A couch imports at most 10 calendars, each URL once: an 11th, or a URL the couch
    already imports, is a 409 (naming the calendar that has it). The `calendar-sync` job fetches every
    calendar again (`CALENDAR_SYNC_SCHEDULE`, every 15 minutes by default), conditionally, a few at a
    time with hosts taking turns; a failed fetch keeps the last good events, and a calendar that failed
    twice in a row is fetched again after 5 minutes, doubling up to 4 hours (`POST …/sync` fetches it at
    once).

    Args:
        id (UUID):
        body (CalendarInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Calendar | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
