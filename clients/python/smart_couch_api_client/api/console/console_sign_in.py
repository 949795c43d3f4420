from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.console_sign_in_body import ConsoleSignInBody
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: ConsoleSignInBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/console/login",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | None:
    if response.status_code == 303:
        response_303 = cast(Any, None)
        return response_303

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ConsoleSignInBody,
) -> Response[Any | Problem]:
    """Sign in to the console: the API's login, starting a browser session.

     The same password check and login throttle as `POST /auth/login`. Answers 303: to `next` (a console
    page) with the session cookie `console` (HttpOnly, SameSite=Lax, path `/console`, Secure when the
    server's public address is https, expiring with the session, 30 days), or back to the form with
    `error=wrong` or `error=throttled&wait=<seconds>`. 403 when the form's token does not match the
    `console-login` cookie (a form posted from anywhere else). The session is a session like an app's:
    `POST /auth/logout?all=true` ends it too.

    Args:
        body (ConsoleSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
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
    body: ConsoleSignInBody,
) -> Any | Problem | None:
    """Sign in to the console: the API's login, starting a browser session.

     The same password check and login throttle as `POST /auth/login`. Answers 303: to `next` (a console
    page) with the session cookie `console` (HttpOnly, SameSite=Lax, path `/console`, Secure when the
    server's public address is https, expiring with the session, 30 days), or back to the form with
    `error=wrong` or `error=throttled&wait=<seconds>`. 403 when the form's token does not match the
    `console-login` cookie (a form posted from anywhere else). The session is a session like an app's:
    `POST /auth/logout?all=true` ends it too.

    Args:
        body (ConsoleSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ConsoleSignInBody,
) -> Response[Any | Problem]:
    """Sign in to the console: the API's login, starting a browser session.

     The same password check and login throttle as `POST /auth/login`. Answers 303: to `next` (a console
    page) with the session cookie `console` (HttpOnly, SameSite=Lax, path `/console`, Secure when the
    server's public address is https, expiring with the session, 30 days), or back to the form with
    `error=wrong` or `error=throttled&wait=<seconds>`. 403 when the form's token does not match the
    `console-login` cookie (a form posted from anywhere else). The session is a session like an app's:
    `POST /auth/logout?all=true` ends it too.

    Args:
        body (ConsoleSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ConsoleSignInBody,
) -> Any | Problem | None:
    """Sign in to the console: the API's login, starting a browser session.

     The same password check and login throttle as `POST /auth/login`. Answers 303: to `next` (a console
    page) with the session cookie `console` (HttpOnly, SameSite=Lax, path `/console`, Secure when the
    server's public address is https, expiring with the session, 30 days), or back to the form with
    `error=wrong` or `error=throttled&wait=<seconds>`. 403 when the form's token does not match the
    `console-login` cookie (a form posted from anywhere else). The session is a session like an app's:
    `POST /auth/logout?all=true` ends it too.

    Args:
        body (ConsoleSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
