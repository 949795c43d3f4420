from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.watcher import Watcher
from ...models.watcher_input import WatcherInput
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: WatcherInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/home/watchers/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Watcher | None:
    if response.status_code == 200:
        response_200 = Watcher.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Watcher]:
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
    body: WatcherInput,
) -> Response[Problem | Watcher]:
    """Set a weatherWatcher's thresholds and the heating and cooling devices of its couch it switches
    (owner only).

     The weather job turns the heating on when the outdoor temperature is below `heatOnBelow` and off
    above `heatOffAbove`; the cooling on above `coolOnAbove` and off below `coolOffBelow`. Between a
    pair's thresholds a device stays as it is. 422 when a pair crosses or leaves no gap (`heatOnBelow <
    heatOffAbove`, `coolOffBelow < coolOnAbove`), when heating could run where cooling does
    (`heatOffAbove < coolOffBelow`), when a threshold is outside -50…60 °C, when a named device is not a
    heating (cooling) device of the watcher's couch or another watcher already switches it, and when the
    configuration is not a weatherWatcher.

    Args:
        id (UUID):
        body (WatcherInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Watcher]
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
    body: WatcherInput,
) -> Problem | Watcher | None:
    """Set a weatherWatcher's thresholds and the heating and cooling devices of its couch it switches
    (owner only).

     The weather job turns the heating on when the outdoor temperature is below `heatOnBelow` and off
    above `heatOffAbove`; the cooling on above `coolOnAbove` and off below `coolOffBelow`. Between a
    pair's thresholds a device stays as it is. 422 when a pair crosses or leaves no gap (`heatOnBelow <
    heatOffAbove`, `coolOffBelow < coolOnAbove`), when heating could run where cooling does
    (`heatOffAbove < coolOffBelow`), when a threshold is outside -50…60 °C, when a named device is not a
    heating (cooling) device of the watcher's couch or another watcher already switches it, and when the
    configuration is not a weatherWatcher.

    Args:
        id (UUID):
        body (WatcherInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Watcher
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
    body: WatcherInput,
) -> Response[Problem | Watcher]:
    """Set a weatherWatcher's thresholds and the heating and cooling devices of its couch it switches
    (owner only).

     The weather job turns the heating on when the outdoor temperature is below `heatOnBelow` and off
    above `heatOffAbove`; the cooling on above `coolOnAbove` and off below `coolOffBelow`. Between a
    pair's thresholds a device stays as it is. 422 when a pair crosses or leaves no gap (`heatOnBelow <
    heatOffAbove`, `coolOffBelow < coolOnAbove`), when heating could run where cooling does
    (`heatOffAbove < coolOffBelow`), when a threshold is outside -50…60 °C, when a named device is not a
    heating (cooling) device of the watcher's couch or another watcher already switches it, and when the
    configuration is not a weatherWatcher.

    Args:
        id (UUID):
        body (WatcherInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Watcher]
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
    body: WatcherInput,
) -> Problem | Watcher | None:
    """Set a weatherWatcher's thresholds and the heating and cooling devices of its couch it switches
    (owner only).

     The weather job turns the heating on when the outdoor temperature is below `heatOnBelow` and off
    above `heatOffAbove`; the cooling on above `coolOnAbove` and off below `coolOffBelow`. Between a
    pair's thresholds a device stays as it is. 422 when a pair crosses or leaves no gap (`heatOnBelow <
    heatOffAbove`, `coolOffBelow < coolOnAbove`), when heating could run where cooling does
    (`heatOffAbove < coolOffBelow`), when a threshold is outside -50…60 °C, when a named device is not a
    heating (cooling) device of the watcher's couch or another watcher already switches it, and when the
    configuration is not a weatherWatcher.

    Args:
        id (UUID):
        body (WatcherInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Watcher
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
