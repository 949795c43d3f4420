from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.thing import Thing
from ...types import Response


def _get_kwargs(
    couch_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/home/things/{couch_id}".format(
            couch_id=quote(str(couch_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | list[Thing] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = Thing.from_dict(response_200_item_data)

            response_200.append(response_200_item)

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

    if response.status_code == 502:
        response_502 = Problem.from_dict(response.json())

        return response_502

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if response.status_code == 504:
        response_504 = Problem.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | list[Thing]]:
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
) -> Response[Problem | list[Thing]]:
    """The hub's things with their channels, for the device wizard (owner only).

     On a hub the host brought, every Thing. On the operator's shared hub, only the Things an operator
    assigned to this couch (`PUT /admin/hub/things/{thingUID}`); the others belong to nobody and are not
    shown.

    Args:
        couch_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[Thing]]
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
) -> Problem | list[Thing] | None:
    """The hub's things with their channels, for the device wizard (owner only).

     On a hub the host brought, every Thing. On the operator's shared hub, only the Things an operator
    assigned to this couch (`PUT /admin/hub/things/{thingUID}`); the others belong to nobody and are not
    shown.

    Args:
        couch_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[Thing]
    """

    return sync_detailed(
        couch_id=couch_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    couch_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | list[Thing]]:
    """The hub's things with their channels, for the device wizard (owner only).

     On a hub the host brought, every Thing. On the operator's shared hub, only the Things an operator
    assigned to this couch (`PUT /admin/hub/things/{thingUID}`); the others belong to nobody and are not
    shown.

    Args:
        couch_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[Thing]]
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
) -> Problem | list[Thing] | None:
    """The hub's things with their channels, for the device wizard (owner only).

     On a hub the host brought, every Thing. On the operator's shared hub, only the Things an operator
    assigned to this couch (`PUT /admin/hub/things/{thingUID}`); the others belong to nobody and are not
    shown.

    Args:
        couch_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[Thing]
    """

    return (
        await asyncio_detailed(
            couch_id=couch_id,
            client=client,
        )
    ).parsed
