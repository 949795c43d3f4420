from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.rating_breakdown import RatingBreakdown
from ...types import Response


def _get_kwargs(
    couch_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/ratings/{couch_id}/summary".format(
            couch_id=quote(str(couch_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RatingBreakdown | None:
    if response.status_code == 200:
        response_200 = RatingBreakdown.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | RatingBreakdown]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    couch_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | RatingBreakdown]:
    """The average, the count and how many ratings gave each number of stars.

    Args:
        couch_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RatingBreakdown]
    """

    kwargs = _get_kwargs(
        couch_id=couch_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    couch_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | RatingBreakdown | None:
    """The average, the count and how many ratings gave each number of stars.

    Args:
        couch_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RatingBreakdown
    """

    return sync_detailed(
        couch_id=couch_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    couch_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | RatingBreakdown]:
    """The average, the count and how many ratings gave each number of stars.

    Args:
        couch_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RatingBreakdown]
    """

    kwargs = _get_kwargs(
        couch_id=couch_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    couch_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | RatingBreakdown | None:
    """The average, the count and how many ratings gave each number of stars.

    Args:
        couch_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RatingBreakdown
    """

    return (
        await asyncio_detailed(
            couch_id=couch_id,
            client=client,
        )
    ).parsed
