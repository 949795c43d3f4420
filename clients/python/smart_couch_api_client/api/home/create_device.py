from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.device import Device
from ...models.device_input import DeviceInput
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: DeviceInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/home/items",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Device | Problem | None:
    if response.status_code == 201:
        response_201 = Device.from_dict(response.json())

        return response_201

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Device | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DeviceInput,
) -> Response[Device | Problem]:
    """Create a device (owner only) — one openHAB item per chosen channel, linked, with its initial state.

     All or nothing: if any hub step fails, nothing is stored (502/504 saying what kind of failure it
    was) and the items and links already made are removed, in the same request or, when the hub refuses
    that too, by the hub-cleanup job until the hub is clean (`cleanupPending` in the couch's hub status
    meanwhile). The main item (`mainItemId`, what `POST /home/switch/{itemId}` flips) is the first
    Switch channel of heating, cooling and locks; of a light, its first Switch channel, else its first
    Dimmer; of blinds, the first Rollershutter; a sensor has none, and takes no initial states. `room`,
    when given, is trimmed and must then be 1 to 60 characters on one line (no control characters), else
    422. A Thing serves one couch: binding a Thing that devices of another couch use is a 409, and on
    the shared hub a Thing not assigned to this couch is a 422 on thingUID, as is a Thing the hub does
    not have.

    Args:
        body (DeviceInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Device | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: DeviceInput,
) -> Device | Problem | None:
    """Create a device (owner only) — one openHAB item per chosen channel, linked, with its initial state.

     All or nothing: if any hub step fails, nothing is stored (502/504 saying what kind of failure it
    was) and the items and links already made are removed, in the same request or, when the hub refuses
    that too, by the hub-cleanup job until the hub is clean (`cleanupPending` in the couch's hub status
    meanwhile). The main item (`mainItemId`, what `POST /home/switch/{itemId}` flips) is the first
    Switch channel of heating, cooling and locks; of a light, its first Switch channel, else its first
    Dimmer; of blinds, the first Rollershutter; a sensor has none, and takes no initial states. `room`,
    when given, is trimmed and must then be 1 to 60 characters on one line (no control characters), else
    422. A Thing serves one couch: binding a Thing that devices of another couch use is a 409, and on
    the shared hub a Thing not assigned to this couch is a 422 on thingUID, as is a Thing the hub does
    not have.

    Args:
        body (DeviceInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Device | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DeviceInput,
) -> Response[Device | Problem]:
    """Create a device (owner only) — one openHAB item per chosen channel, linked, with its initial state.

     All or nothing: if any hub step fails, nothing is stored (502/504 saying what kind of failure it
    was) and the items and links already made are removed, in the same request or, when the hub refuses
    that too, by the hub-cleanup job until the hub is clean (`cleanupPending` in the couch's hub status
    meanwhile). The main item (`mainItemId`, what `POST /home/switch/{itemId}` flips) is the first
    Switch channel of heating, cooling and locks; of a light, its first Switch channel, else its first
    Dimmer; of blinds, the first Rollershutter; a sensor has none, and takes no initial states. `room`,
    when given, is trimmed and must then be 1 to 60 characters on one line (no control characters), else
    422. A Thing serves one couch: binding a Thing that devices of another couch use is a 409, and on
    the shared hub a Thing not assigned to this couch is a 422 on thingUID, as is a Thing the hub does
    not have.

    Args:
        body (DeviceInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Device | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: DeviceInput,
) -> Device | Problem | None:
    """Create a device (owner only) — one openHAB item per chosen channel, linked, with its initial state.

     All or nothing: if any hub step fails, nothing is stored (502/504 saying what kind of failure it
    was) and the items and links already made are removed, in the same request or, when the hub refuses
    that too, by the hub-cleanup job until the hub is clean (`cleanupPending` in the couch's hub status
    meanwhile). The main item (`mainItemId`, what `POST /home/switch/{itemId}` flips) is the first
    Switch channel of heating, cooling and locks; of a light, its first Switch channel, else its first
    Dimmer; of blinds, the first Rollershutter; a sensor has none, and takes no initial states. `room`,
    when given, is trimmed and must then be 1 to 60 characters on one line (no control characters), else
    422. A Thing serves one couch: binding a Thing that devices of another couch use is a 409, and on
    the shared hub a Thing not assigned to this couch is a 422 on thingUID, as is a Thing the hub does
    not have.

    Args:
        body (DeviceInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Device | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
