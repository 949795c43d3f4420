from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.scene_page import ScenePage
from ...types import Response


def _get_kwargs(
    token: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/stays/{token}/scenes".format(
            token=quote(str(token), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | ScenePage | None:
    if response.status_code == 200:
        response_200 = ScenePage.from_dict(response.json())

        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | ScenePage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | ScenePage]:
    """The scenes a stay link's holder may run now, with their actions; no account needed.

     Inside the stay's window (check-in to check-out time in the couch's time zone) and before it is
    checked out: the couch's guest-runnable scenes that touch no lock. Outside the window a 403.
    Unknown, revoked and expired links are all 404; guesses are limited as for `GET /stays/{token}`.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ScenePage]
    """

    kwargs = _get_kwargs(
        token=token,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | ScenePage | None:
    """The scenes a stay link's holder may run now, with their actions; no account needed.

     Inside the stay's window (check-in to check-out time in the couch's time zone) and before it is
    checked out: the couch's guest-runnable scenes that touch no lock. Outside the window a 403.
    Unknown, revoked and expired links are all 404; guesses are limited as for `GET /stays/{token}`.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ScenePage
    """

    return sync_detailed(
        token=token,
        client=client,
    ).parsed


async def asyncio_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | ScenePage]:
    """The scenes a stay link's holder may run now, with their actions; no account needed.

     Inside the stay's window (check-in to check-out time in the couch's time zone) and before it is
    checked out: the couch's guest-runnable scenes that touch no lock. Outside the window a 403.
    Unknown, revoked and expired links are all 404; guesses are limited as for `GET /stays/{token}`.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ScenePage]
    """

    kwargs = _get_kwargs(
        token=token,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | ScenePage | None:
    """The scenes a stay link's holder may run now, with their actions; no account needed.

     Inside the stay's window (check-in to check-out time in the couch's time zone) and before it is
    checked out: the couch's guest-runnable scenes that touch no lock. Outside the window a 403.
    Unknown, revoked and expired links are all 404; guesses are limited as for `GET /stays/{token}`.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ScenePage
    """

    return (
        await asyncio_detailed(
            token=token,
            client=client,
        )
    ).parsed
