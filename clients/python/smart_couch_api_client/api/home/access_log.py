from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.access_log_page import AccessLogPage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    couch_id: UUID,
    *,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    before: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    params["before"] = before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/home/log/{couch_id}".format(
            couch_id=quote(str(couch_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AccessLogPage | Problem | None:
    if response.status_code == 200:
        response_200 = AccessLogPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AccessLogPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    couch_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    before: str | Unset = UNSET,
) -> Response[AccessLogPage | Problem]:
    """Who did what to which device, and the result — all of it for the owner, one's own entries for anyone
    else; newest first.

     A guest (of this stay or another), a user with a grant, or anyone else signed in sees only the lines
    they are the actor of; the owner sees every line, the weather job's included.

    Args:
        couch_id (UUID):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccessLogPage | Problem]
    """

    kwargs = _get_kwargs(
        couch_id=couch_id,
        limit=limit,
        cursor=cursor,
        before=before,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    couch_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    before: str | Unset = UNSET,
) -> AccessLogPage | Problem | None:
    """Who did what to which device, and the result — all of it for the owner, one's own entries for anyone
    else; newest first.

     A guest (of this stay or another), a user with a grant, or anyone else signed in sees only the lines
    they are the actor of; the owner sees every line, the weather job's included.

    Args:
        couch_id (UUID):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccessLogPage | Problem
    """

    return sync_detailed(
        couch_id=couch_id,
        client=client,
        limit=limit,
        cursor=cursor,
        before=before,
    ).parsed


async def asyncio_detailed(
    couch_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    before: str | Unset = UNSET,
) -> Response[AccessLogPage | Problem]:
    """Who did what to which device, and the result — all of it for the owner, one's own entries for anyone
    else; newest first.

     A guest (of this stay or another), a user with a grant, or anyone else signed in sees only the lines
    they are the actor of; the owner sees every line, the weather job's included.

    Args:
        couch_id (UUID):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccessLogPage | Problem]
    """

    kwargs = _get_kwargs(
        couch_id=couch_id,
        limit=limit,
        cursor=cursor,
        before=before,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    couch_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    before: str | Unset = UNSET,
) -> AccessLogPage | Problem | None:
    """Who did what to which device, and the result — all of it for the owner, one's own entries for anyone
    else; newest first.

     A guest (of this stay or another), a user with a grant, or anyone else signed in sees only the lines
    they are the actor of; the owner sees every line, the weather job's included.

    Args:
        couch_id (UUID):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccessLogPage | Problem
    """

    return (
        await asyncio_detailed(
            couch_id=couch_id,
            client=client,
            limit=limit,
            cursor=cursor,
            before=before,
        )
    ).parsed
