from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    next_: str | Unset = UNSET,
    error: str | Unset = UNSET,
    wait: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["next"] = next_

    params["error"] = error

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/console/login",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    next_: str | Unset = UNSET,
    error: str | Unset = UNSET,
    wait: str | Unset = UNSET,
) -> Response[Any | Problem | str]:
    """The console's sign-in form.

     Sets `console-login` (HttpOnly, SameSite=Strict, path `/console/login`, 1 hour), the form's own
    anti-forgery token, which the form carries back.

    Args:
        next_ (str | Unset):
        error (str | Unset):
        wait (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | str]
    """

    kwargs = _get_kwargs(
        next_=next_,
        error=error,
        wait=wait,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    next_: str | Unset = UNSET,
    error: str | Unset = UNSET,
    wait: str | Unset = UNSET,
) -> Any | Problem | str | None:
    """The console's sign-in form.

     Sets `console-login` (HttpOnly, SameSite=Strict, path `/console/login`, 1 hour), the form's own
    anti-forgery token, which the form carries back.

    Args:
        next_ (str | Unset):
        error (str | Unset):
        wait (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | str
    """

    return sync_detailed(
        client=client,
        next_=next_,
        error=error,
        wait=wait,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    next_: str | Unset = UNSET,
    error: str | Unset = UNSET,
    wait: str | Unset = UNSET,
) -> Response[Any | Problem | str]:
    """The console's sign-in form.

     Sets `console-login` (HttpOnly, SameSite=Strict, path `/console/login`, 1 hour), the form's own
    anti-forgery token, which the form carries back.

    Args:
        next_ (str | Unset):
        error (str | Unset):
        wait (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | str]
    """

    kwargs = _get_kwargs(
        next_=next_,
        error=error,
        wait=wait,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    next_: str | Unset = UNSET,
    error: str | Unset = UNSET,
    wait: str | Unset = UNSET,
) -> Any | Problem | str | None:
    """The console's sign-in form.

     Sets `console-login` (HttpOnly, SameSite=Strict, path `/console/login`, 1 hour), the form's own
    anti-forgery token, which the form carries back.

    Args:
        next_ (str | Unset):
        error (str | Unset):
        wait (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | str
    """

    return (
        await asyncio_detailed(
            client=client,
            next_=next_,
            error=error,
            wait=wait,
        )
    ).parsed
