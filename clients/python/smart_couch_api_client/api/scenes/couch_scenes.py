from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.scene_page import ScenePage
from ...types import Response


def _get_kwargs(
    id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/couches/{id}/scenes".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | ScenePage | None:
    if response.status_code == 200:
        response_200 = ScenePage.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | ScenePage]:
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
) -> Response[Problem | ScenePage]:
    """The couch's scenes; a guest in their stay window (or a grantee) sees those they may run.

     Every couch starts with the built-in "Welcome" (heating and lights on, blinds up) and "Eco"
    (heating, cooling and lights off, blinds down, doors locked). Until the host changes their actions
    they follow the couch's devices (`followsDevices`): the actions listed are those a run would give
    now. Neither ever unlocks a door. A guest outside their window is a 403, a stranger a 404.

    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ScenePage]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | ScenePage | None:
    """The couch's scenes; a guest in their stay window (or a grantee) sees those they may run.

     Every couch starts with the built-in "Welcome" (heating and lights on, blinds up) and "Eco"
    (heating, cooling and lights off, blinds down, doors locked). Until the host changes their actions
    they follow the couch's devices (`followsDevices`): the actions listed are those a run would give
    now. Neither ever unlocks a door. A guest outside their window is a 403, a stranger a 404.

    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ScenePage
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | ScenePage]:
    """The couch's scenes; a guest in their stay window (or a grantee) sees those they may run.

     Every couch starts with the built-in "Welcome" (heating and lights on, blinds up) and "Eco"
    (heating, cooling and lights off, blinds down, doors locked). Until the host changes their actions
    they follow the couch's devices (`followsDevices`): the actions listed are those a run would give
    now. Neither ever unlocks a door. A guest outside their window is a 403, a stranger a 404.

    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ScenePage]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | ScenePage | None:
    """The couch's scenes; a guest in their stay window (or a grantee) sees those they may run.

     Every couch starts with the built-in "Welcome" (heating and lights on, blinds up) and "Eco"
    (heating, cooling and lights off, blinds down, doors locked). Until the host changes their actions
    they follow the couch's devices (`followsDevices`): the actions listed are those a run would give
    now. Neither ever unlocks a door. A guest outside their window is a 403, a stranger a 404.

    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ScenePage
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
