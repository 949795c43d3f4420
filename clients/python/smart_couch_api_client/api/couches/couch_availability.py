import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.booked_range import BookedRange
from ...models.problem import Problem
from ...types import UNSET, Response


def _get_kwargs(
    id: UUID,
    *,
    from_: datetime.date,
    to: datetime.date,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to = to.isoformat()
    params["to"] = json_to

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/couches/{id}/availability".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | list[BookedRange] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = BookedRange.from_dict(response_200_item_data)

            response_200.append(response_200_item)

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | list[BookedRange]]:
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
    from_: datetime.date,
    to: datetime.date,
) -> Response[Problem | list[BookedRange]]:
    """The couch's taken nights (stays, requests waiting for the host, imported stays, the host's blocks
    and the turnover nights after each) that overlap the nights from `from` to `to` (excluded).

     Whole ranges, not clipped to the window, earliest first; nothing about the guests or why a block was
    set.

    Args:
        id (UUID):
        from_ (datetime.date):
        to (datetime.date):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[BookedRange]]
    """

    kwargs = _get_kwargs(
        id=id,
        from_=from_,
        to=to,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date,
    to: datetime.date,
) -> Problem | list[BookedRange] | None:
    """The couch's taken nights (stays, requests waiting for the host, imported stays, the host's blocks
    and the turnover nights after each) that overlap the nights from `from` to `to` (excluded).

     Whole ranges, not clipped to the window, earliest first; nothing about the guests or why a block was
    set.

    Args:
        id (UUID):
        from_ (datetime.date):
        to (datetime.date):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[BookedRange]
    """

    return sync_detailed(
        id=id,
        client=client,
        from_=from_,
        to=to,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date,
    to: datetime.date,
) -> Response[Problem | list[BookedRange]]:
    """The couch's taken nights (stays, requests waiting for the host, imported stays, the host's blocks
    and the turnover nights after each) that overlap the nights from `from` to `to` (excluded).

     Whole ranges, not clipped to the window, earliest first; nothing about the guests or why a block was
    set.

    Args:
        id (UUID):
        from_ (datetime.date):
        to (datetime.date):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[BookedRange]]
    """

    kwargs = _get_kwargs(
        id=id,
        from_=from_,
        to=to,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date,
    to: datetime.date,
) -> Problem | list[BookedRange] | None:
    """The couch's taken nights (stays, requests waiting for the host, imported stays, the host's blocks
    and the turnover nights after each) that overlap the nights from `from` to `to` (excluded).

     Whole ranges, not clipped to the window, earliest first; nothing about the guests or why a block was
    set.

    Args:
        id (UUID):
        from_ (datetime.date):
        to (datetime.date):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[BookedRange]
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            from_=from_,
            to=to,
        )
    ).parsed
