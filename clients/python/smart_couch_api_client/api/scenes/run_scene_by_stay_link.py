from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.scene_run import SceneRun
from ...types import Response


def _get_kwargs(
    token: str,
    scene_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/stays/{token}/scenes/{scene_id}/run".format(
            token=quote(str(token), safe=""),
            scene_id=quote(str(scene_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Problem | SceneRun | None:
    if response.status_code == 200:
        response_200 = SceneRun.from_dict(response.json())

        return response_200

    if response.status_code == 303:
        response_303 = cast(Any, None)
        return response_303

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Problem | SceneRun]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    token: str,
    scene_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Problem | SceneRun]:
    """Run one of the couch's guest-runnable scenes from the stay link, inside the stay's window.

     As `POST /scenes/{id}/run`, with a guest's rights on devices: an action on a device the host has not
    made available to guests is `denied`. A scene that touches a lock, or one only the host runs, is a
    403 (logged), and so is a run outside the stay's window. A scene of another couch is 404. Any body
    is ignored: the guest's page posts its empty form here, and a browser (by `Accept`, as for `GET
    /stays/{token}`) is sent back to the link's page with 303, which says once what the scene did; its
    errors come as pages.

    Args:
        token (str):
        scene_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | SceneRun]
    """

    kwargs = _get_kwargs(
        token=token,
        scene_id=scene_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    token: str,
    scene_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Problem | SceneRun | None:
    """Run one of the couch's guest-runnable scenes from the stay link, inside the stay's window.

     As `POST /scenes/{id}/run`, with a guest's rights on devices: an action on a device the host has not
    made available to guests is `denied`. A scene that touches a lock, or one only the host runs, is a
    403 (logged), and so is a run outside the stay's window. A scene of another couch is 404. Any body
    is ignored: the guest's page posts its empty form here, and a browser (by `Accept`, as for `GET
    /stays/{token}`) is sent back to the link's page with 303, which says once what the scene did; its
    errors come as pages.

    Args:
        token (str):
        scene_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | SceneRun
    """

    return sync_detailed(
        token=token,
        scene_id=scene_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    token: str,
    scene_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Problem | SceneRun]:
    """Run one of the couch's guest-runnable scenes from the stay link, inside the stay's window.

     As `POST /scenes/{id}/run`, with a guest's rights on devices: an action on a device the host has not
    made available to guests is `denied`. A scene that touches a lock, or one only the host runs, is a
    403 (logged), and so is a run outside the stay's window. A scene of another couch is 404. Any body
    is ignored: the guest's page posts its empty form here, and a browser (by `Accept`, as for `GET
    /stays/{token}`) is sent back to the link's page with 303, which says once what the scene did; its
    errors come as pages.

    Args:
        token (str):
        scene_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | SceneRun]
    """

    kwargs = _get_kwargs(
        token=token,
        scene_id=scene_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    token: str,
    scene_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Problem | SceneRun | None:
    """Run one of the couch's guest-runnable scenes from the stay link, inside the stay's window.

     As `POST /scenes/{id}/run`, with a guest's rights on devices: an action on a device the host has not
    made available to guests is `denied`. A scene that touches a lock, or one only the host runs, is a
    403 (logged), and so is a run outside the stay's window. A scene of another couch is 404. Any body
    is ignored: the guest's page posts its empty form here, and a browser (by `Accept`, as for `GET
    /stays/{token}`) is sent back to the link's page with 303, which says once what the scene did; its
    errors come as pages.

    Args:
        token (str):
        scene_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | SceneRun
    """

    return (
        await asyncio_detailed(
            token=token,
            scene_id=scene_id,
            client=client,
        )
    ).parsed
