from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.login import Login
from ...models.problem import Problem
from ...models.session import Session
from ...types import Response


def _get_kwargs(
    *,
    body: Login,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/auth/login",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Session | None:
    if response.status_code == 200:
        response_200 = Session.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Session]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Login,
) -> Response[Problem | Session]:
    """Exchange email and password for tokens.

     After 10 failed attempts within 15 minutes from one client address (whichever emails), or 100 for
    one email from any address, further attempts from that address or for that email are refused with
    429 until the oldest of those failures leaves the window; a login forgives the failures of its email
    from its own address only. The client address is the connection's peer or, when the peer is a
    reverse proxy the operator lists in `TRUSTED_PROXIES`, the nearest address in `X-Forwarded-For` that
    is not one of them.

    Args:
        body (Login):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Session]
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
    body: Login,
) -> Problem | Session | None:
    """Exchange email and password for tokens.

     After 10 failed attempts within 15 minutes from one client address (whichever emails), or 100 for
    one email from any address, further attempts from that address or for that email are refused with
    429 until the oldest of those failures leaves the window; a login forgives the failures of its email
    from its own address only. The client address is the connection's peer or, when the peer is a
    reverse proxy the operator lists in `TRUSTED_PROXIES`, the nearest address in `X-Forwarded-For` that
    is not one of them.

    Args:
        body (Login):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Session
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: Login,
) -> Response[Problem | Session]:
    """Exchange email and password for tokens.

     After 10 failed attempts within 15 minutes from one client address (whichever emails), or 100 for
    one email from any address, further attempts from that address or for that email are refused with
    429 until the oldest of those failures leaves the window; a login forgives the failures of its email
    from its own address only. The client address is the connection's peer or, when the peer is a
    reverse proxy the operator lists in `TRUSTED_PROXIES`, the nearest address in `X-Forwarded-For` that
    is not one of them.

    Args:
        body (Login):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Session]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: Login,
) -> Problem | Session | None:
    """Exchange email and password for tokens.

     After 10 failed attempts within 15 minutes from one client address (whichever emails), or 100 for
    one email from any address, further attempts from that address or for that email are refused with
    429 until the oldest of those failures leaves the window; a login forgives the failures of its email
    from its own address only. The client address is the connection's peer or, when the peer is a
    reverse proxy the operator lists in `TRUSTED_PROXIES`, the nearest address in `X-Forwarded-For` that
    is not one of them.

    Args:
        body (Login):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Session
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
