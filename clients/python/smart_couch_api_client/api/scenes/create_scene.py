from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.scene import Scene
from ...models.scene_input import SceneInput
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: SceneInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/couches/{id}/scenes".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Scene | None:
    if response.status_code == 201:
        response_201 = Scene.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Scene]:
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
    body: SceneInput,
) -> Response[Problem | Scene]:
    """Make a scene of the couch's device commands (owner only).

     Each action names an item of one of the couch's devices and a command as that item takes it:
    `ON`/`OFF` for switches (a lock's `lock` item: `ON` locks, `OFF` unlocks), a temperature for
    setpoints (`21.5`, `21,5 °C`, `71 °F`), `ON`/`OFF` or 0–100 for dimmers, `UP`/`DOWN`/`STOP` or a
    position 0 (open) – 100 (closed) for shutters. Commands are stored as the hub will get them (`21,5`
    becomes `21.5 °C`). An item appears once; a sensor, a contact or a lock's notifications take no
    command. At most 50 actions, 50 scenes a couch (a 51st is a 409); names are unique on the couch
    ignoring case (409). A scene that unlocks a door is run by the host alone: `guestRunnable` defaults
    to false for it, and `true` is a 422.

    Args:
        id (UUID):
        body (SceneInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Scene]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SceneInput,
) -> Problem | Scene | None:
    """Make a scene of the couch's device commands (owner only).

     Each action names an item of one of the couch's devices and a command as that item takes it:
    `ON`/`OFF` for switches (a lock's `lock` item: `ON` locks, `OFF` unlocks), a temperature for
    setpoints (`21.5`, `21,5 °C`, `71 °F`), `ON`/`OFF` or 0–100 for dimmers, `UP`/`DOWN`/`STOP` or a
    position 0 (open) – 100 (closed) for shutters. Commands are stored as the hub will get them (`21,5`
    becomes `21.5 °C`). An item appears once; a sensor, a contact or a lock's notifications take no
    command. At most 50 actions, 50 scenes a couch (a 51st is a 409); names are unique on the couch
    ignoring case (409). A scene that unlocks a door is run by the host alone: `guestRunnable` defaults
    to false for it, and `true` is a 422.

    Args:
        id (UUID):
        body (SceneInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Scene
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SceneInput,
) -> Response[Problem | Scene]:
    """Make a scene of the couch's device commands (owner only).

     Each action names an item of one of the couch's devices and a command as that item takes it:
    `ON`/`OFF` for switches (a lock's `lock` item: `ON` locks, `OFF` unlocks), a temperature for
    setpoints (`21.5`, `21,5 °C`, `71 °F`), `ON`/`OFF` or 0–100 for dimmers, `UP`/`DOWN`/`STOP` or a
    position 0 (open) – 100 (closed) for shutters. Commands are stored as the hub will get them (`21,5`
    becomes `21.5 °C`). An item appears once; a sensor, a contact or a lock's notifications take no
    command. At most 50 actions, 50 scenes a couch (a 51st is a 409); names are unique on the couch
    ignoring case (409). A scene that unlocks a door is run by the host alone: `guestRunnable` defaults
    to false for it, and `true` is a 422.

    Args:
        id (UUID):
        body (SceneInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Scene]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SceneInput,
) -> Problem | Scene | None:
    """Make a scene of the couch's device commands (owner only).

     Each action names an item of one of the couch's devices and a command as that item takes it:
    `ON`/`OFF` for switches (a lock's `lock` item: `ON` locks, `OFF` unlocks), a temperature for
    setpoints (`21.5`, `21,5 °C`, `71 °F`), `ON`/`OFF` or 0–100 for dimmers, `UP`/`DOWN`/`STOP` or a
    position 0 (open) – 100 (closed) for shutters. Commands are stored as the hub will get them (`21,5`
    becomes `21.5 °C`). An item appears once; a sensor, a contact or a lock's notifications take no
    command. At most 50 actions, 50 scenes a couch (a 51st is a 409); names are unique on the couch
    ignoring case (409). A scene that unlocks a door is run by the host alone: `guestRunnable` defaults
    to false for it, and `true` is a 422.

    Args:
        id (UUID):
        body (SceneInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Scene
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
