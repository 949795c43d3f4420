from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.command_result import CommandResult
from ...models.problem import Problem
from ...models.set_property import SetProperty
from ...types import Response


def _get_kwargs(
    *,
    body: SetProperty,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/home/properties",
    }

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
    *,
    client: AuthenticatedClient | Client,
    body: SetProperty,
) -> Response[CommandResult | Problem]:
    """Set one property — ON/OFF for a switch, a number within the item's range, 5–35 °C for a setpoint, a
    dimmer's brightness, a shutter's position.

     Validated before anything reaches the hub; sensors (Contact, read-only items, every item of a
    `sensor` device) cannot be set (422). A Dimmer takes ON, OFF or a brightness from 0 to 100; a
    Rollershutter takes UP (to 0, open), DOWN (to 100, closed), STOP (halts where it is) or a position
    from 0 to 100. Words in any case; a percentage with or without `%` (`50`, `50%`, `12.5`); anything
    else (`101`, `-1`, `HALF`) is a 422. A shutter's command is confirmed (200) once it reports the
    position it was sent to, or for STOP wherever it halted. Turning a lock's main switch OFF unlocks it
    and needs a recent login or `password` (401 reauthentication-required otherwise). A device whose
    Thing is not ONLINE on its hub is refused with 409 device-offline, naming the device and its status,
    and nothing is sent; the access log has the command as failed.

    Args:
        body (SetProperty):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandResult | Problem]
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
    body: SetProperty,
) -> CommandResult | Problem | None:
    """Set one property — ON/OFF for a switch, a number within the item's range, 5–35 °C for a setpoint, a
    dimmer's brightness, a shutter's position.

     Validated before anything reaches the hub; sensors (Contact, read-only items, every item of a
    `sensor` device) cannot be set (422). A Dimmer takes ON, OFF or a brightness from 0 to 100; a
    Rollershutter takes UP (to 0, open), DOWN (to 100, closed), STOP (halts where it is) or a position
    from 0 to 100. Words in any case; a percentage with or without `%` (`50`, `50%`, `12.5`); anything
    else (`101`, `-1`, `HALF`) is a 422. A shutter's command is confirmed (200) once it reports the
    position it was sent to, or for STOP wherever it halted. Turning a lock's main switch OFF unlocks it
    and needs a recent login or `password` (401 reauthentication-required otherwise). A device whose
    Thing is not ONLINE on its hub is refused with 409 device-offline, naming the device and its status,
    and nothing is sent; the access log has the command as failed.

    Args:
        body (SetProperty):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandResult | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SetProperty,
) -> Response[CommandResult | Problem]:
    """Set one property — ON/OFF for a switch, a number within the item's range, 5–35 °C for a setpoint, a
    dimmer's brightness, a shutter's position.

     Validated before anything reaches the hub; sensors (Contact, read-only items, every item of a
    `sensor` device) cannot be set (422). A Dimmer takes ON, OFF or a brightness from 0 to 100; a
    Rollershutter takes UP (to 0, open), DOWN (to 100, closed), STOP (halts where it is) or a position
    from 0 to 100. Words in any case; a percentage with or without `%` (`50`, `50%`, `12.5`); anything
    else (`101`, `-1`, `HALF`) is a 422. A shutter's command is confirmed (200) once it reports the
    position it was sent to, or for STOP wherever it halted. Turning a lock's main switch OFF unlocks it
    and needs a recent login or `password` (401 reauthentication-required otherwise). A device whose
    Thing is not ONLINE on its hub is refused with 409 device-offline, naming the device and its status,
    and nothing is sent; the access log has the command as failed.

    Args:
        body (SetProperty):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandResult | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SetProperty,
) -> CommandResult | Problem | None:
    """Set one property — ON/OFF for a switch, a number within the item's range, 5–35 °C for a setpoint, a
    dimmer's brightness, a shutter's position.

     Validated before anything reaches the hub; sensors (Contact, read-only items, every item of a
    `sensor` device) cannot be set (422). A Dimmer takes ON, OFF or a brightness from 0 to 100; a
    Rollershutter takes UP (to 0, open), DOWN (to 100, closed), STOP (halts where it is) or a position
    from 0 to 100. Words in any case; a percentage with or without `%` (`50`, `50%`, `12.5`); anything
    else (`101`, `-1`, `HALF`) is a 422. A shutter's command is confirmed (200) once it reports the
    position it was sent to, or for STOP wherever it halted. Turning a lock's main switch OFF unlocks it
    and needs a recent login or `password` (401 reauthentication-required otherwise). A device whose
    Thing is not ONLINE on its hub is refused with 409 device-offline, naming the device and its status,
    and nothing is sent; the access log has the command as failed.

    Args:
        body (SetProperty):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandResult | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
