from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.scene_run import SceneRun
from ...types import Response


def _get_kwargs(
    id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/scenes/{id}/run".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SceneRun | None:
    if response.status_code == 200:
        response_200 = SceneRun.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | SceneRun]:
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
) -> Response[Problem | SceneRun]:
    """Run a scene now; the host any, a guest in their stay window (or a grantee) a guest-runnable one.

     The actions go to the hub at once, each through the same path, checks and access log as a single
    command, with the runner's rights: a guest's action on a device the host has not made available to
    guests is `denied`, as is unlocking without a recent login (the host) or by anyone but a person.
    Each action waits for its device to report, as commands do (`COMMAND_CONFIRM_MS`): `unconfirmed`
    when it does not in time (this outcome is not in the issue's list of three; it says what a single
    command's 202 says). A dead device fails its own action only. The run is one access-log line ("run
    scene") besides each action's. A scene only the host runs is a 403 for a guest (logged); a guest
    outside their window is a 403; anyone else a 404. Any body is ignored.

    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SceneRun]
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
) -> Problem | SceneRun | None:
    """Run a scene now; the host any, a guest in their stay window (or a grantee) a guest-runnable one.

     The actions go to the hub at once, each through the same path, checks and access log as a single
    command, with the runner's rights: a guest's action on a device the host has not made available to
    guests is `denied`, as is unlocking without a recent login (the host) or by anyone but a person.
    Each action waits for its device to report, as commands do (`COMMAND_CONFIRM_MS`): `unconfirmed`
    when it does not in time (this outcome is not in the issue's list of three; it says what a single
    command's 202 says). A dead device fails its own action only. The run is one access-log line ("run
    scene") besides each action's. A scene only the host runs is a 403 for a guest (logged); a guest
    outside their window is a 403; anyone else a 404. Any body is ignored.

    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SceneRun
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | SceneRun]:
    """Run a scene now; the host any, a guest in their stay window (or a grantee) a guest-runnable one.

     The actions go to the hub at once, each through the same path, checks and access log as a single
    command, with the runner's rights: a guest's action on a device the host has not made available to
    guests is `denied`, as is unlocking without a recent login (the host) or by anyone but a person.
    Each action waits for its device to report, as commands do (`COMMAND_CONFIRM_MS`): `unconfirmed`
    when it does not in time (this outcome is not in the issue's list of three; it says what a single
    command's 202 says). A dead device fails its own action only. The run is one access-log line ("run
    scene") besides each action's. A scene only the host runs is a 403 for a guest (logged); a guest
    outside their window is a 403; anyone else a 404. Any body is ignored.

    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SceneRun]
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
) -> Problem | SceneRun | None:
    """Run a scene now; the host any, a guest in their stay window (or a grantee) a guest-runnable one.

     The actions go to the hub at once, each through the same path, checks and access log as a single
    command, with the runner's rights: a guest's action on a device the host has not made available to
    guests is `denied`, as is unlocking without a recent login (the host) or by anyone but a person.
    Each action waits for its device to report, as commands do (`COMMAND_CONFIRM_MS`): `unconfirmed`
    when it does not in time (this outcome is not in the issue's list of three; it says what a single
    command's 202 says). A dead device fails its own action only. The run is one access-log line ("run
    scene") besides each action's. A scene only the host runs is a 403 for a guest (logged); a guest
    outside their window is a 403; anyone else a 404. Any body is ignored.

    Args:
        id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SceneRun
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
