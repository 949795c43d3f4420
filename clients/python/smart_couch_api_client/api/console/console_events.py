from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/console/events",
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
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | str]:
    """The host's events for the console's live pages, as server-sent events, with the browser's session.

     What `GET /events` sends the host, with the console's session instead of a token: the console's
    script opens it (`EventSource`) and, when an event comes, fetches its page again and puts the fresh
    content in place. A stream lasts as long as an access token would (15 minutes); the browser then
    reconnects with `Last-Event-ID` and its session is checked again, so a session ended elsewhere ends
    its stream at the latest then.

    Args:
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> Problem | str | None:
    """The host's events for the console's live pages, as server-sent events, with the browser's session.

     What `GET /events` sends the host, with the console's session instead of a token: the console's
    script opens it (`EventSource`) and, when an event comes, fetches its page again and puts the fresh
    content in place. A stream lasts as long as an access token would (15 minutes); the browser then
    reconnects with `Last-Event-ID` and its session is checked again, so a session ended elsewhere ends
    its stream at the latest then.

    Args:
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        client=client,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | str]:
    """The host's events for the console's live pages, as server-sent events, with the browser's session.

     What `GET /events` sends the host, with the console's session instead of a token: the console's
    script opens it (`EventSource`) and, when an event comes, fetches its page again and puts the fresh
    content in place. A stream lasts as long as an access token would (15 minutes); the browser then
    reconnects with `Last-Event-ID` and its session is checked again, so a session ended elsewhere ends
    its stream at the latest then.

    Args:
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> Problem | str | None:
    """The host's events for the console's live pages, as server-sent events, with the browser's session.

     What `GET /events` sends the host, with the console's session instead of a token: the console's
    script opens it (`EventSource`) and, when an event comes, fetches its page again and puts the fresh
    content in place. A stream lasts as long as an access token would (15 minutes); the browser then
    reconnects with `Last-Event-ID` and its session is checked again, so a session ended elsewhere ends
    its stream at the latest then.

    Args:
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            client=client,
            last_event_id=last_event_id,
        )
    ).parsed
