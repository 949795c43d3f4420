from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.webhook_delivery import WebhookDelivery
from ...types import Response


def _get_kwargs(
    id: UUID,
    delivery_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/webhooks/{id}/deliveries/{delivery_id}/redeliver".format(
            id=quote(str(id), safe=""),
            delivery_id=quote(str(delivery_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | WebhookDelivery | None:
    if response.status_code == 202:
        response_202 = WebhookDelivery.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | WebhookDelivery]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | WebhookDelivery]:
    """Send a delivery again, delivered or failed, with all its attempts ahead of it.

     The delivery is pending again, due now, with its attempts counted from 0. It goes in the order of
    its event: after any pending deliveries of earlier events to the endpoint, before later ones. A
    delivery still pending is answered as it is: it keeps its attempts and its next attempt's time
    (asking again does not cut its backoff). A disabled endpoint sends nothing: enable it first (a 409
    says so).

    Args:
        id (UUID):
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookDelivery]
    """

    kwargs = _get_kwargs(
        id=id,
        delivery_id=delivery_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | WebhookDelivery | None:
    """Send a delivery again, delivered or failed, with all its attempts ahead of it.

     The delivery is pending again, due now, with its attempts counted from 0. It goes in the order of
    its event: after any pending deliveries of earlier events to the endpoint, before later ones. A
    delivery still pending is answered as it is: it keeps its attempts and its next attempt's time
    (asking again does not cut its backoff). A disabled endpoint sends nothing: enable it first (a 409
    says so).

    Args:
        id (UUID):
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookDelivery
    """

    return sync_detailed(
        id=id,
        delivery_id=delivery_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | WebhookDelivery]:
    """Send a delivery again, delivered or failed, with all its attempts ahead of it.

     The delivery is pending again, due now, with its attempts counted from 0. It goes in the order of
    its event: after any pending deliveries of earlier events to the endpoint, before later ones. A
    delivery still pending is answered as it is: it keeps its attempts and its next attempt's time
    (asking again does not cut its backoff). A disabled endpoint sends nothing: enable it first (a 409
    says so).

    Args:
        id (UUID):
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookDelivery]
    """

    kwargs = _get_kwargs(
        id=id,
        delivery_id=delivery_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | WebhookDelivery | None:
    """Send a delivery again, delivered or failed, with all its attempts ahead of it.

     The delivery is pending again, due now, with its attempts counted from 0. It goes in the order of
    its event: after any pending deliveries of earlier events to the endpoint, before later ones. A
    delivery still pending is answered as it is: it keeps its attempts and its next attempt's time
    (asking again does not cut its backoff). A disabled endpoint sends nothing: enable it first (a 409
    says so).

    Args:
        id (UUID):
        delivery_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookDelivery
    """

    return (
        await asyncio_detailed(
            id=id,
            delivery_id=delivery_id,
            client=client,
        )
    ).parsed
