from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.console_toggle_item_body import ConsoleToggleItemBody
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    couch_id: UUID,
    item_id: UUID,
    *,
    body: ConsoleToggleItemBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/console/couches/{couch_id}/items/{item_id}/toggle".format(
            couch_id=quote(str(couch_id), safe=""),
            item_id=quote(str(item_id), safe=""),
        ),
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    couch_id: UUID,
    item_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ConsoleToggleItemBody,
) -> Response[Any | Problem]:
    """Flip a switch, dimmer or shutter (as POST /home/switch/{itemId}).

     303 back to the home page, which says the outcome as the API does: done as the device reported it,
    sent but not yet reported (the API's 202), or why not (an offline device, the API's 409; an
    unreachable hub). The couch's host only, and only an item of that couch (404 otherwise), whoever
    else may switch it through the API.

    Args:
        couch_id (UUID):
        item_id (UUID):
        body (ConsoleToggleItemBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        couch_id=couch_id,
        item_id=item_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    couch_id: UUID,
    item_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ConsoleToggleItemBody,
) -> Any | Problem | None:
    """Flip a switch, dimmer or shutter (as POST /home/switch/{itemId}).

     303 back to the home page, which says the outcome as the API does: done as the device reported it,
    sent but not yet reported (the API's 202), or why not (an offline device, the API's 409; an
    unreachable hub). The couch's host only, and only an item of that couch (404 otherwise), whoever
    else may switch it through the API.

    Args:
        couch_id (UUID):
        item_id (UUID):
        body (ConsoleToggleItemBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        couch_id=couch_id,
        item_id=item_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    couch_id: UUID,
    item_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ConsoleToggleItemBody,
) -> Response[Any | Problem]:
    """Flip a switch, dimmer or shutter (as POST /home/switch/{itemId}).

     303 back to the home page, which says the outcome as the API does: done as the device reported it,
    sent but not yet reported (the API's 202), or why not (an offline device, the API's 409; an
    unreachable hub). The couch's host only, and only an item of that couch (404 otherwise), whoever
    else may switch it through the API.

    Args:
        couch_id (UUID):
        item_id (UUID):
        body (ConsoleToggleItemBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        couch_id=couch_id,
        item_id=item_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    couch_id: UUID,
    item_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ConsoleToggleItemBody,
) -> Any | Problem | None:
    """Flip a switch, dimmer or shutter (as POST /home/switch/{itemId}).

     303 back to the home page, which says the outcome as the API does: done as the device reported it,
    sent but not yet reported (the API's 202), or why not (an offline device, the API's 409; an
    unreachable hub). The couch's host only, and only an item of that couch (404 otherwise), whoever
    else may switch it through the API.

    Args:
        couch_id (UUID):
        item_id (UUID):
        body (ConsoleToggleItemBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            couch_id=couch_id,
            item_id=item_id,
            client=client,
            body=body,
        )
    ).parsed
