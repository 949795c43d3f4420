from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.new_webhook import NewWebhook
from ...models.problem import Problem
from ...models.webhook_input import WebhookInput
from ...types import Response


def _get_kwargs(
    *,
    body: WebhookInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> NewWebhook | Problem | None:
    if response.status_code == 201:
        response_201 = NewWebhook.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[NewWebhook | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: WebhookInput,
) -> Response[NewWebhook | Problem]:
    """Register an endpoint for the events of the caller's couches; its signing secret is shown in this
    answer only.

     Any signed-in user may have up to 20 endpoints (a 21st is a 409); each hears the listed event types
    of every couch the user owns, from the moment it is made. The URL is checked against the egress
    policy now (see the `webhooks` tag for how deliveries are made, signed, ordered, retried and given
    up on). The secret is stored encrypted and never shown again: to replace it, delete the endpoint and
    make a new one.

    Args:
        body (WebhookInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewWebhook | Problem]
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
    body: WebhookInput,
) -> NewWebhook | Problem | None:
    """Register an endpoint for the events of the caller's couches; its signing secret is shown in this
    answer only.

     Any signed-in user may have up to 20 endpoints (a 21st is a 409); each hears the listed event types
    of every couch the user owns, from the moment it is made. The URL is checked against the egress
    policy now (see the `webhooks` tag for how deliveries are made, signed, ordered, retried and given
    up on). The secret is stored encrypted and never shown again: to replace it, delete the endpoint and
    make a new one.

    Args:
        body (WebhookInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewWebhook | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: WebhookInput,
) -> Response[NewWebhook | Problem]:
    """Register an endpoint for the events of the caller's couches; its signing secret is shown in this
    answer only.

     Any signed-in user may have up to 20 endpoints (a 21st is a 409); each hears the listed event types
    of every couch the user owns, from the moment it is made. The URL is checked against the egress
    policy now (see the `webhooks` tag for how deliveries are made, signed, ordered, retried and given
    up on). The secret is stored encrypted and never shown again: to replace it, delete the endpoint and
    make a new one.

    Args:
        body (WebhookInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewWebhook | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: WebhookInput,
) -> NewWebhook | Problem | None:
    """Register an endpoint for the events of the caller's couches; its signing secret is shown in this
    answer only.

     Any signed-in user may have up to 20 endpoints (a 21st is a 409); each hears the listed event types
    of every couch the user owns, from the moment it is made. The URL is checked against the egress
    policy now (see the `webhooks` tag for how deliveries are made, signed, ordered, retried and given
    up on). The secret is stored encrypted and never shown again: to replace it, delete the endpoint and
    make a new one.

    Args:
        body (WebhookInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewWebhook | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
