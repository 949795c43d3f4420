from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.presence_input import PresenceInput
from ...models.presence_simulation import PresenceSimulation
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: PresenceInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/couches/{id}/presence".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PresenceSimulation | Problem | None:
    if response.status_code == 200:
        response_200 = PresenceSimulation.from_dict(response.json())

        return response_200

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
) -> Response[PresenceSimulation | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: PresenceInput,
) -> Response[PresenceSimulation | Problem]:
    """Turn the couch's presence simulation on or off, or change its lights and evening (owner only); what
    is left out stays.

     While the simulation is on and the couch stands empty (no stay's check-in window open and
    not checked out of, no access grant in force), the chosen lights go on and off in the
    couch's local evening window: each light up to three times, for 10 minutes to
    `maxOnMinutes` each, at minutes that differ from day to day. The plan of an evening is fixed
    by a seed the couch gets when first set, so every server follows the same one; `tonight`
    shows it. Lights are switched through the command path as the automation "presence
    simulation", and are in the access log. Whatever it switched on is put back as it was
    (off, or the level it had) when its period ends, when a stay begins, when the host turns
    the simulation off or takes the light off the list, within one `AUTOMATION_TICK_MS`.

    Args:
        id (UUID):
        body (PresenceInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PresenceSimulation | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: PresenceInput,
) -> PresenceSimulation | Problem | None:
    """Turn the couch's presence simulation on or off, or change its lights and evening (owner only); what
    is left out stays.

     While the simulation is on and the couch stands empty (no stay's check-in window open and
    not checked out of, no access grant in force), the chosen lights go on and off in the
    couch's local evening window: each light up to three times, for 10 minutes to
    `maxOnMinutes` each, at minutes that differ from day to day. The plan of an evening is fixed
    by a seed the couch gets when first set, so every server follows the same one; `tonight`
    shows it. Lights are switched through the command path as the automation "presence
    simulation", and are in the access log. Whatever it switched on is put back as it was
    (off, or the level it had) when its period ends, when a stay begins, when the host turns
    the simulation off or takes the light off the list, within one `AUTOMATION_TICK_MS`.

    Args:
        id (UUID):
        body (PresenceInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PresenceSimulation | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: PresenceInput,
) -> Response[PresenceSimulation | Problem]:
    """Turn the couch's presence simulation on or off, or change its lights and evening (owner only); what
    is left out stays.

     While the simulation is on and the couch stands empty (no stay's check-in window open and
    not checked out of, no access grant in force), the chosen lights go on and off in the
    couch's local evening window: each light up to three times, for 10 minutes to
    `maxOnMinutes` each, at minutes that differ from day to day. The plan of an evening is fixed
    by a seed the couch gets when first set, so every server follows the same one; `tonight`
    shows it. Lights are switched through the command path as the automation "presence
    simulation", and are in the access log. Whatever it switched on is put back as it was
    (off, or the level it had) when its period ends, when a stay begins, when the host turns
    the simulation off or takes the light off the list, within one `AUTOMATION_TICK_MS`.

    Args:
        id (UUID):
        body (PresenceInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PresenceSimulation | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: PresenceInput,
) -> PresenceSimulation | Problem | None:
    """Turn the couch's presence simulation on or off, or change its lights and evening (owner only); what
    is left out stays.

     While the simulation is on and the couch stands empty (no stay's check-in window open and
    not checked out of, no access grant in force), the chosen lights go on and off in the
    couch's local evening window: each light up to three times, for 10 minutes to
    `maxOnMinutes` each, at minutes that differ from day to day. The plan of an evening is fixed
    by a seed the couch gets when first set, so every server follows the same one; `tonight`
    shows it. Lights are switched through the command path as the automation "presence
    simulation", and are in the access log. Whatever it switched on is put back as it was
    (off, or the level it had) when its period ends, when a stay begins, when the host turns
    the simulation off or takes the light off the list, within one `AUTOMATION_TICK_MS`.

    Args:
        id (UUID):
        body (PresenceInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PresenceSimulation | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
