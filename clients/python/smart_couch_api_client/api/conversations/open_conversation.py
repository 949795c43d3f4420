from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.conversation import Conversation
from ...models.conversation_input import ConversationInput
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: ConversationInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/conversations",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Conversation | Problem | None:
    if response.status_code == 200:
        response_200 = Conversation.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = Conversation.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Conversation | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ConversationInput,
) -> Response[Conversation | Problem]:
    """Open the conversation with another user about a couch, or get the one that exists.

     One of the two must own the couch: a guest writes to the host, or the host to a guest.
    There is one conversation per couch and pair of users, whoever opens it; opening it again
    (even concurrently) returns that one with 200.

    Args:
        body (ConversationInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Conversation | Problem]
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
    body: ConversationInput,
) -> Conversation | Problem | None:
    """Open the conversation with another user about a couch, or get the one that exists.

     One of the two must own the couch: a guest writes to the host, or the host to a guest.
    There is one conversation per couch and pair of users, whoever opens it; opening it again
    (even concurrently) returns that one with 200.

    Args:
        body (ConversationInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Conversation | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ConversationInput,
) -> Response[Conversation | Problem]:
    """Open the conversation with another user about a couch, or get the one that exists.

     One of the two must own the couch: a guest writes to the host, or the host to a guest.
    There is one conversation per couch and pair of users, whoever opens it; opening it again
    (even concurrently) returns that one with 200.

    Args:
        body (ConversationInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Conversation | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ConversationInput,
) -> Conversation | Problem | None:
    """Open the conversation with another user about a couch, or get the one that exists.

     One of the two must own the couch: a guest writes to the host, or the host to a guest.
    There is one conversation per couch and pair of users, whoever opens it; opening it again
    (even concurrently) returns that one with 200.

    Args:
        body (ConversationInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Conversation | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
