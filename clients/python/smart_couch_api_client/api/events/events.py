from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    types: str | Unset = UNSET,
    couch_id: UUID | Unset = UNSET,
    last_event_id_query: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id_header, Unset):
        headers["Last-Event-ID"] = last_event_id_header

    params: dict[str, Any] = {}

    params["types"] = types

    json_couch_id: str | Unset = UNSET
    if not isinstance(couch_id, Unset):
        json_couch_id = str(couch_id)
    params["couchId"] = json_couch_id

    params["lastEventId"] = last_event_id_query

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/events",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
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

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

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
    *,
    client: AuthenticatedClient | Client,
    types: str | Unset = UNSET,
    couch_id: UUID | Unset = UNSET,
    last_event_id_query: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Response[Problem | str]:
    """The caller's events, live, as server-sent events (`text/event-stream`); resumable with `Last-Event-
    ID`.

     A stream that stays open. Each event is written as

        id: <id>
        event: <type>
        data: <the Event as JSON, on one line>

    followed by a blank line. Right after subscribing the server writes `retry: 2000` and the
    comment `: ready`: from then on, everything that commits is in the stream. An idle stream
    gets the comment `: keep-alive` every 15 seconds. The stream ends when the access token it
    was opened with expires (reconnect with a fresh one), when the server stops, or when the
    client falls 1,000 events behind (then its connection is closed at once, without the end of
    the chunked body); in every case the client reconnects with `Last-Event-ID`.

    One user holds at most 10 streams on a server at once (`EVENT_STREAMS_PER_USER`), and a
    server at most `EVENT_STREAMS_PER_SERVER` over all users: past either, 429 with
    `Retry-After`. A `couchId` that is not a UUID, or a resume point that is not 1 to 18 digits,
    is 400.

    Who hears what: the host of a couch hears all of its events; a guest hears their own
    reservations' and stays' events, their codes' (`code.*`), and, during their stay window,
    the couch's device events (`device.*`, `door.unlocked`); both participants of a
    conversation hear its messages. Nobody else hears anything of them, filters or not.

    Events are written in the same transaction as the change that causes them, so an event
    exists exactly when its change committed; ids grow in the order events committed, and are
    the same on every server of one database. After `Last-Event-ID` (or `lastEventId`) the
    stream first replays what the caller missed, then continues live, each event once, on
    whichever server it reconnects to; a resume point past the newest event is the newest.
    Events are kept for at least 24 hours (deleted after 48); a resume point older than that
    replays what is kept. No event carries a secret: a door code is never in one
    (`door.unlocked` names the stay whose code opened the door).

    Args:
        types (str | Unset):  Example: reservation.created,message.created.
        couch_id (UUID | Unset):
        last_event_id_query (str | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        types=types,
        couch_id=couch_id,
        last_event_id_query=last_event_id_query,
        last_event_id_header=last_event_id_header,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    types: str | Unset = UNSET,
    couch_id: UUID | Unset = UNSET,
    last_event_id_query: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Problem | str | None:
    """The caller's events, live, as server-sent events (`text/event-stream`); resumable with `Last-Event-
    ID`.

     A stream that stays open. Each event is written as

        id: <id>
        event: <type>
        data: <the Event as JSON, on one line>

    followed by a blank line. Right after subscribing the server writes `retry: 2000` and the
    comment `: ready`: from then on, everything that commits is in the stream. An idle stream
    gets the comment `: keep-alive` every 15 seconds. The stream ends when the access token it
    was opened with expires (reconnect with a fresh one), when the server stops, or when the
    client falls 1,000 events behind (then its connection is closed at once, without the end of
    the chunked body); in every case the client reconnects with `Last-Event-ID`.

    One user holds at most 10 streams on a server at once (`EVENT_STREAMS_PER_USER`), and a
    server at most `EVENT_STREAMS_PER_SERVER` over all users: past either, 429 with
    `Retry-After`. A `couchId` that is not a UUID, or a resume point that is not 1 to 18 digits,
    is 400.

    Who hears what: the host of a couch hears all of its events; a guest hears their own
    reservations' and stays' events, their codes' (`code.*`), and, during their stay window,
    the couch's device events (`device.*`, `door.unlocked`); both participants of a
    conversation hear its messages. Nobody else hears anything of them, filters or not.

    Events are written in the same transaction as the change that causes them, so an event
    exists exactly when its change committed; ids grow in the order events committed, and are
    the same on every server of one database. After `Last-Event-ID` (or `lastEventId`) the
    stream first replays what the caller missed, then continues live, each event once, on
    whichever server it reconnects to; a resume point past the newest event is the newest.
    Events are kept for at least 24 hours (deleted after 48); a resume point older than that
    replays what is kept. No event carries a secret: a door code is never in one
    (`door.unlocked` names the stay whose code opened the door).

    Args:
        types (str | Unset):  Example: reservation.created,message.created.
        couch_id (UUID | Unset):
        last_event_id_query (str | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        client=client,
        types=types,
        couch_id=couch_id,
        last_event_id_query=last_event_id_query,
        last_event_id_header=last_event_id_header,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    types: str | Unset = UNSET,
    couch_id: UUID | Unset = UNSET,
    last_event_id_query: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Response[Problem | str]:
    """The caller's events, live, as server-sent events (`text/event-stream`); resumable with `Last-Event-
    ID`.

     A stream that stays open. Each event is written as

        id: <id>
        event: <type>
        data: <the Event as JSON, on one line>

    followed by a blank line. Right after subscribing the server writes `retry: 2000` and the
    comment `: ready`: from then on, everything that commits is in the stream. An idle stream
    gets the comment `: keep-alive` every 15 seconds. The stream ends when the access token it
    was opened with expires (reconnect with a fresh one), when the server stops, or when the
    client falls 1,000 events behind (then its connection is closed at once, without the end of
    the chunked body); in every case the client reconnects with `Last-Event-ID`.

    One user holds at most 10 streams on a server at once (`EVENT_STREAMS_PER_USER`), and a
    server at most `EVENT_STREAMS_PER_SERVER` over all users: past either, 429 with
    `Retry-After`. A `couchId` that is not a UUID, or a resume point that is not 1 to 18 digits,
    is 400.

    Who hears what: the host of a couch hears all of its events; a guest hears their own
    reservations' and stays' events, their codes' (`code.*`), and, during their stay window,
    the couch's device events (`device.*`, `door.unlocked`); both participants of a
    conversation hear its messages. Nobody else hears anything of them, filters or not.

    Events are written in the same transaction as the change that causes them, so an event
    exists exactly when its change committed; ids grow in the order events committed, and are
    the same on every server of one database. After `Last-Event-ID` (or `lastEventId`) the
    stream first replays what the caller missed, then continues live, each event once, on
    whichever server it reconnects to; a resume point past the newest event is the newest.
    Events are kept for at least 24 hours (deleted after 48); a resume point older than that
    replays what is kept. No event carries a secret: a door code is never in one
    (`door.unlocked` names the stay whose code opened the door).

    Args:
        types (str | Unset):  Example: reservation.created,message.created.
        couch_id (UUID | Unset):
        last_event_id_query (str | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        types=types,
        couch_id=couch_id,
        last_event_id_query=last_event_id_query,
        last_event_id_header=last_event_id_header,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    types: str | Unset = UNSET,
    couch_id: UUID | Unset = UNSET,
    last_event_id_query: str | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Problem | str | None:
    """The caller's events, live, as server-sent events (`text/event-stream`); resumable with `Last-Event-
    ID`.

     A stream that stays open. Each event is written as

        id: <id>
        event: <type>
        data: <the Event as JSON, on one line>

    followed by a blank line. Right after subscribing the server writes `retry: 2000` and the
    comment `: ready`: from then on, everything that commits is in the stream. An idle stream
    gets the comment `: keep-alive` every 15 seconds. The stream ends when the access token it
    was opened with expires (reconnect with a fresh one), when the server stops, or when the
    client falls 1,000 events behind (then its connection is closed at once, without the end of
    the chunked body); in every case the client reconnects with `Last-Event-ID`.

    One user holds at most 10 streams on a server at once (`EVENT_STREAMS_PER_USER`), and a
    server at most `EVENT_STREAMS_PER_SERVER` over all users: past either, 429 with
    `Retry-After`. A `couchId` that is not a UUID, or a resume point that is not 1 to 18 digits,
    is 400.

    Who hears what: the host of a couch hears all of its events; a guest hears their own
    reservations' and stays' events, their codes' (`code.*`), and, during their stay window,
    the couch's device events (`device.*`, `door.unlocked`); both participants of a
    conversation hear its messages. Nobody else hears anything of them, filters or not.

    Events are written in the same transaction as the change that causes them, so an event
    exists exactly when its change committed; ids grow in the order events committed, and are
    the same on every server of one database. After `Last-Event-ID` (or `lastEventId`) the
    stream first replays what the caller missed, then continues live, each event once, on
    whichever server it reconnects to; a resume point past the newest event is the newest.
    Events are kept for at least 24 hours (deleted after 48); a resume point older than that
    replays what is kept. No event carries a secret: a door code is never in one
    (`door.unlocked` names the stay whose code opened the door).

    Args:
        types (str | Unset):  Example: reservation.created,message.created.
        couch_id (UUID | Unset):
        last_event_id_query (str | Unset):
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            client=client,
            types=types,
            couch_id=couch_id,
            last_event_id_query=last_event_id_query,
            last_event_id_header=last_event_id_header,
        )
    ).parsed
