from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.device import Device
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    configuration_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/home/item/{configuration_id}".format(
            configuration_id=quote(str(configuration_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Device | Problem | None:
    if response.status_code == 200:
        response_200 = Device.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Device | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    configuration_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Device | Problem]:
    """One device with its current states.

    Args:
        configuration_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Device | Problem]
    """

    kwargs = _get_kwargs(
        configuration_id=configuration_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    configuration_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Device | Problem | None:
    """One device with its current states.

    Args:
        configuration_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Device | Problem
    """

    return sync_detailed(
        configuration_id=configuration_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    configuration_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Device | Problem]:
    """One device with its current states.

    Args:
        configuration_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Device | Problem]
    """

    kwargs = _get_kwargs(
        configuration_id=configuration_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    configuration_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Device | Problem | None:
    """One device with its current states.

    Args:
        configuration_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Device | Problem
    """

    return (
        await asyncio_detailed(
            configuration_id=configuration_id,
            client=client,
        )
    ).parsed
