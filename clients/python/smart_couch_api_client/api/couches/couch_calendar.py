from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    exclude: UUID | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_exclude: str | Unset = UNSET
    if not isinstance(exclude, Unset):
        json_exclude = str(exclude)
    params["exclude"] = json_exclude

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/couches/{id}/calendar.ics".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | str]:
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
    exclude: UUID | Unset = UNSET,
) -> Response[Problem | str]:
    """An iCalendar (RFC 5545) feed of the couch's taken nights, for other booking platforms.

     One all-day VEVENT from a year ago on per stay booked here (or asked for, while the request
    holds its nights), per host block, per turnover kept after one of them, and per imported
    event with its channel's dates, whether it holds all of them or shares some with something
    else (its nights are taken either way): `DTSTART;VALUE=DATE` is the first night,
    `DTEND;VALUE=DATE` the day it ends (exclusive), `UID` is `<opaque id>@smartcouch`: the same
    across fetches and for the life of the stay, block or turnover, whatever happens to its
    dates or to its conflicts, and not the reservation's id (which the feed's readers have no
    business knowing), `SEQUENCE` counts the changes of its dates (and of an imported event's
    kind) from 0, and `DTSTAMP` is when it was made or last changed: both grow together with
    every change (a host shortening a stay, a channel moving or growing an event, a turnover
    following its stay), so importers that compare them take the new dates, and stay as they
    are while nothing changes. `SUMMARY` is `Booked` for a stay (made here or imported) and
    `Not available` for a block or a turnover. Nothing about the guests. A cancelled stay or a
    removed block disappears from the feed.

    A host pastes this URL into every channel, each with `?exclude=` set to the id of the
    calendar imported from that same channel (`GET /couches/{id}/calendars`): Airbnb gets
    `…/calendar.ics?exclude=<Airbnb calendar id>`, so a channel is never fed its own stays
    back.

    Args:
        id (UUID):
        exclude (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        id=id,
        exclude=exclude,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    exclude: UUID | Unset = UNSET,
) -> Problem | str | None:
    """An iCalendar (RFC 5545) feed of the couch's taken nights, for other booking platforms.

     One all-day VEVENT from a year ago on per stay booked here (or asked for, while the request
    holds its nights), per host block, per turnover kept after one of them, and per imported
    event with its channel's dates, whether it holds all of them or shares some with something
    else (its nights are taken either way): `DTSTART;VALUE=DATE` is the first night,
    `DTEND;VALUE=DATE` the day it ends (exclusive), `UID` is `<opaque id>@smartcouch`: the same
    across fetches and for the life of the stay, block or turnover, whatever happens to its
    dates or to its conflicts, and not the reservation's id (which the feed's readers have no
    business knowing), `SEQUENCE` counts the changes of its dates (and of an imported event's
    kind) from 0, and `DTSTAMP` is when it was made or last changed: both grow together with
    every change (a host shortening a stay, a channel moving or growing an event, a turnover
    following its stay), so importers that compare them take the new dates, and stay as they
    are while nothing changes. `SUMMARY` is `Booked` for a stay (made here or imported) and
    `Not available` for a block or a turnover. Nothing about the guests. A cancelled stay or a
    removed block disappears from the feed.

    A host pastes this URL into every channel, each with `?exclude=` set to the id of the
    calendar imported from that same channel (`GET /couches/{id}/calendars`): Airbnb gets
    `…/calendar.ics?exclude=<Airbnb calendar id>`, so a channel is never fed its own stays
    back.

    Args:
        id (UUID):
        exclude (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        id=id,
        client=client,
        exclude=exclude,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    exclude: UUID | Unset = UNSET,
) -> Response[Problem | str]:
    """An iCalendar (RFC 5545) feed of the couch's taken nights, for other booking platforms.

     One all-day VEVENT from a year ago on per stay booked here (or asked for, while the request
    holds its nights), per host block, per turnover kept after one of them, and per imported
    event with its channel's dates, whether it holds all of them or shares some with something
    else (its nights are taken either way): `DTSTART;VALUE=DATE` is the first night,
    `DTEND;VALUE=DATE` the day it ends (exclusive), `UID` is `<opaque id>@smartcouch`: the same
    across fetches and for the life of the stay, block or turnover, whatever happens to its
    dates or to its conflicts, and not the reservation's id (which the feed's readers have no
    business knowing), `SEQUENCE` counts the changes of its dates (and of an imported event's
    kind) from 0, and `DTSTAMP` is when it was made or last changed: both grow together with
    every change (a host shortening a stay, a channel moving or growing an event, a turnover
    following its stay), so importers that compare them take the new dates, and stay as they
    are while nothing changes. `SUMMARY` is `Booked` for a stay (made here or imported) and
    `Not available` for a block or a turnover. Nothing about the guests. A cancelled stay or a
    removed block disappears from the feed.

    A host pastes this URL into every channel, each with `?exclude=` set to the id of the
    calendar imported from that same channel (`GET /couches/{id}/calendars`): Airbnb gets
    `…/calendar.ics?exclude=<Airbnb calendar id>`, so a channel is never fed its own stays
    back.

    Args:
        id (UUID):
        exclude (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        id=id,
        exclude=exclude,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    exclude: UUID | Unset = UNSET,
) -> Problem | str | None:
    """An iCalendar (RFC 5545) feed of the couch's taken nights, for other booking platforms.

     One all-day VEVENT from a year ago on per stay booked here (or asked for, while the request
    holds its nights), per host block, per turnover kept after one of them, and per imported
    event with its channel's dates, whether it holds all of them or shares some with something
    else (its nights are taken either way): `DTSTART;VALUE=DATE` is the first night,
    `DTEND;VALUE=DATE` the day it ends (exclusive), `UID` is `<opaque id>@smartcouch`: the same
    across fetches and for the life of the stay, block or turnover, whatever happens to its
    dates or to its conflicts, and not the reservation's id (which the feed's readers have no
    business knowing), `SEQUENCE` counts the changes of its dates (and of an imported event's
    kind) from 0, and `DTSTAMP` is when it was made or last changed: both grow together with
    every change (a host shortening a stay, a channel moving or growing an event, a turnover
    following its stay), so importers that compare them take the new dates, and stay as they
    are while nothing changes. `SUMMARY` is `Booked` for a stay (made here or imported) and
    `Not available` for a block or a turnover. Nothing about the guests. A cancelled stay or a
    removed block disappears from the feed.

    A host pastes this URL into every channel, each with `?exclude=` set to the id of the
    calendar imported from that same channel (`GET /couches/{id}/calendars`): Airbnb gets
    `…/calendar.ics?exclude=<Airbnb calendar id>`, so a channel is never fed its own stays
    back.

    Args:
        id (UUID):
        exclude (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            exclude=exclude,
        )
    ).parsed
