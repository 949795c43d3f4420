from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.couch import Couch
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    city: str,
    user_id: UUID,
    *,
    limit: int | Unset = 50,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/couches/city/{city}/{user_id}".format(
            city=quote(str(city), safe=""),
            user_id=quote(str(user_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | list[Couch] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = Couch.from_dict(response_200_item_data)

            response_200.append(response_200_item)

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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
) -> Response[Problem | list[Couch]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    city: str,
    user_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
) -> Response[Problem | list[Couch]]:
    """Couches in a city (any capitalisation) except the given user's own, newest first.

    Args:
        city (str):
        user_id (UUID):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[Couch]]
    """

    kwargs = _get_kwargs(
        city=city,
        user_id=user_id,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    city: str,
    user_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
) -> Problem | list[Couch] | None:
    """Couches in a city (any capitalisation) except the given user's own, newest first.

    Args:
        city (str):
        user_id (UUID):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[Couch]
    """

    return sync_detailed(
        city=city,
        user_id=user_id,
        client=client,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    city: str,
    user_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
) -> Response[Problem | list[Couch]]:
    """Couches in a city (any capitalisation) except the given user's own, newest first.

    Args:
        city (str):
        user_id (UUID):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[Couch]]
    """

    kwargs = _get_kwargs(
        city=city,
        user_id=user_id,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    city: str,
    user_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
) -> Problem | list[Couch] | None:
    """Couches in a city (any capitalisation) except the given user's own, newest first.

    Args:
        city (str):
        user_id (UUID):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[Couch]
    """

    return (
        await asyncio_detailed(
            city=city,
            user_id=user_id,
            client=client,
            limit=limit,
        )
    ).parsed
