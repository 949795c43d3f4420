from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/metrics",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

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
    client: AuthenticatedClient | Client,
) -> Response[Problem | str]:
    """The server's figures in Prometheus' text format (operators, or a scraper with `METRICS_TOKEN`).

     Send `Authorization: Bearer` with the token configured as `METRICS_TOKEN`, or an operator's access
    token; anyone else is refused. Requests are counted and timed by method, route template
    (`/couches/:id`, never an id; `unmatched` for unknown paths) and status
    (`smartcouch_http_requests_total`, `smartcouch_http_request_duration_seconds`); outbound calls by
    peer (`hub`, `hub_events`, `calendar`, `weather`) and outcome (status class or failure kind); job
    runs, door-code writes and calendar syncs by outcome; the database pool (size, in use, waiting,
    refused) and the hub event streams held are read when scraped.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Problem | str | None:
    """The server's figures in Prometheus' text format (operators, or a scraper with `METRICS_TOKEN`).

     Send `Authorization: Bearer` with the token configured as `METRICS_TOKEN`, or an operator's access
    token; anyone else is refused. Requests are counted and timed by method, route template
    (`/couches/:id`, never an id; `unmatched` for unknown paths) and status
    (`smartcouch_http_requests_total`, `smartcouch_http_request_duration_seconds`); outbound calls by
    peer (`hub`, `hub_events`, `calendar`, `weather`) and outcome (status class or failure kind); job
    runs, door-code writes and calendar syncs by outcome; the database pool (size, in use, waiting,
    refused) and the hub event streams held are read when scraped.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | str]:
    """The server's figures in Prometheus' text format (operators, or a scraper with `METRICS_TOKEN`).

     Send `Authorization: Bearer` with the token configured as `METRICS_TOKEN`, or an operator's access
    token; anyone else is refused. Requests are counted and timed by method, route template
    (`/couches/:id`, never an id; `unmatched` for unknown paths) and status
    (`smartcouch_http_requests_total`, `smartcouch_http_request_duration_seconds`); outbound calls by
    peer (`hub`, `hub_events`, `calendar`, `weather`) and outcome (status class or failure kind); job
    runs, door-code writes and calendar syncs by outcome; the database pool (size, in use, waiting,
    refused) and the hub event streams held are read when scraped.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Problem | str | None:
    """The server's figures in Prometheus' text format (operators, or a scraper with `METRICS_TOKEN`).

     Send `Authorization: Bearer` with the token configured as `METRICS_TOKEN`, or an operator's access
    token; anyone else is refused. Requests are counted and timed by method, route template
    (`/couches/:id`, never an id; `unmatched` for unknown paths) and status
    (`smartcouch_http_requests_total`, `smartcouch_http_request_duration_seconds`); outbound calls by
    peer (`hub`, `hub_events`, `calendar`, `weather`) and outcome (status class or failure kind); job
    runs, door-code writes and calendar syncs by outcome; the database pool (size, in use, waiting,
    refused) and the hub event streams held are read when scraped.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
