from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.command_authentication import CommandAuthentication
from ...models.command_result import CommandResult
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    item_id: UUID,
    *,
    body: CommandAuthentication | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/home/switch/{item_id}".format(
            item_id=quote(str(item_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CommandResult | Problem | None:
    if response.status_code == 200:
        response_200 = CommandResult.from_dict(response.json())

        return response_200

    if response.status_code == 202:
        response_202 = CommandResult.from_dict(response.json())

        return response_202

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CommandResult | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    item_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: CommandAuthentication | Unset = UNSET,
) -> Response[CommandResult | Problem]:
    """Flip a Switch item (a device's main switch; for a lock ON is locked, so this locks or unlocks), a
    Dimmer or a Rollershutter.

     No body is needed. A Dimmer that is lit goes OFF, a dark one ON; a Rollershutter that is fully open
    (0) goes DOWN, any other goes UP. Other items, and every item of a `sensor` device, are a 422.
    Unlocking needs a login within the last 5 minutes; otherwise send `{"password": "…"}` or get 401
    with type /problems/reauthentication-required. Locking never needs it. A device whose Thing is not
    ONLINE is refused with 409 /problems/device-offline and nothing is sent. The flip is decided from
    the item's state read just before: a toggle answers only once the device confirmed it, so a second
    toggle after a 200 flips back; after a 202 (not confirmed) the device may not have moved yet, and a
    second toggle may ask for the same again.

    Args:
        item_id (UUID):
        body (CommandAuthentication | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandResult | Problem]
    """

    kwargs = _get_kwargs(
        item_id=item_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    item_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: CommandAuthentication | Unset = UNSET,
) -> CommandResult | Problem | None:
    """Flip a Switch item (a device's main switch; for a lock ON is locked, so this locks or unlocks), a
    Dimmer or a Rollershutter.

     No body is needed. A Dimmer that is lit goes OFF, a dark one ON; a Rollershutter that is fully open
    (0) goes DOWN, any other goes UP. Other items, and every item of a `sensor` device, are a 422.
    Unlocking needs a login within the last 5 minutes; otherwise send `{"password": "…"}` or get 401
    with type /problems/reauthentication-required. Locking never needs it. A device whose Thing is not
    ONLINE is refused with 409 /problems/device-offline and nothing is sent. The flip is decided from
    the item's state read just before: a toggle answers only once the device confirmed it, so a second
    toggle after a 200 flips back; after a 202 (not confirmed) the device may not have moved yet, and a
    second toggle may ask for the same again.

    Args:
        item_id (UUID):
        body (CommandAuthentication | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandResult | Problem
    """

    return sync_detailed(
        item_id=item_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    item_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: CommandAuthentication | Unset = UNSET,
) -> Response[CommandResult | Problem]:
    """Flip a Switch item (a device's main switch; for a lock ON is locked, so this locks or unlocks), a
    Dimmer or a Rollershutter.

     No body is needed. A Dimmer that is lit goes OFF, a dark one ON; a Rollershutter that is fully open
    (0) goes DOWN, any other goes UP. Other items, and every item of a `sensor` device, are a 422.
    Unlocking needs a login within the last 5 minutes; otherwise send `{"password": "…"}` or get 401
    with type /problems/reauthentication-required. Locking never needs it. A device whose Thing is not
    ONLINE is refused with 409 /problems/device-offline and nothing is sent. The flip is decided from
    the item's state read just before: a toggle answers only once the device confirmed it, so a second
    toggle after a 200 flips back; after a 202 (not confirmed) the device may not have moved yet, and a
    second toggle may ask for the same again.

    Args:
        item_id (UUID):
        body (CommandAuthentication | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandResult | Problem]
    """

    kwargs = _get_kwargs(
        item_id=item_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    item_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: CommandAuthentication | Unset = UNSET,
) -> CommandResult | Problem | None:
    """Flip a Switch item (a device's main switch; for a lock ON is locked, so this locks or unlocks), a
    Dimmer or a Rollershutter.

     No body is needed. A Dimmer that is lit goes OFF, a dark one ON; a Rollershutter that is fully open
    (0) goes DOWN, any other goes UP. Other items, and every item of a `sensor` device, are a 422.
    Unlocking needs a login within the last 5 minutes; otherwise send `{"password": "…"}` or get 401
    with type /problems/reauthentication-required. Locking never needs it. A device whose Thing is not
    ONLINE is refused with 409 /problems/device-offline and nothing is sent. The flip is decided from
    the item's state read just before: a toggle answers only once the device confirmed it, so a second
    toggle after a 200 flips back; after a 202 (not confirmed) the device may not have moved yet, and a
    second toggle may ask for the same again.

    Args:
        item_id (UUID):
        body (CommandAuthentication | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandResult | Problem
    """

    return (
        await asyncio_detailed(
            item_id=item_id,
            client=client,
            body=body,
        )
    ).parsed
