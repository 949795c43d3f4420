from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.trigger import Trigger
from ...models.trigger_input import TriggerInput
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: TriggerInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/couches/{id}/triggers".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Trigger | None:
    if response.status_code == 201:
        response_201 = Trigger.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Trigger]:
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
    body: TriggerInput,
) -> Response[Problem | Trigger]:
    """Make a trigger that runs one of the couch's scenes by itself (owner only).

     Kinds, with the fields each takes (any other field is a 422):
    - `beforeCheckIn` (`offsetMinutes`, 0–10080): that long before each stay's check-in window
      opens, bookings here and imported stays alike, following a stay that moves; a cancelled
      stay fires nothing.
    - `afterCheckOut` (`offsetMinutes`): that long after the window ends, or after the stay is
      checked out of, if sooner.
    - `arrival`: when the guest first opens the door inside the stay (keypad code or the app).
    - `vacancy` (`vacantHours` 1–8760, `freeAheadHours` 0–8760): once the couch has had no stay
      under way for `vacantHours` and none begins within `freeAheadHours`; once per vacancy.
    - `time` (`time` HH:MM, `weekdays` ISO 1 Monday … 7 Sunday, default every day): at the
      couch's wall-clock time. A time that does not exist that day (spring forward) runs once,
      at the moment the clocks skip to; one that comes twice (fall back) runs once.

    Each firing is a row unique by trigger and occasion, so it runs once across servers and
    restarts. Triggers are looked at every `AUTOMATION_TICK_MS` (15 s by default). A firing found
    more than 5 minutes late (no server ran) runs once with `catchUp: once` (the default) or is
    recorded `skipped` with `catchUp: skip`; only the latest missed time of a `time` trigger, and
    stay firings up to a day late, are looked at. Occasions before the trigger was made are not
    its own. Scenes run as the automation, through the command path, with the owner's devices;
    a scene that unlocks a door is refused here (422), as automations never unlock. At most 50
    triggers a couch (409).

    Args:
        id (UUID):
        body (TriggerInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Trigger]
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
    body: TriggerInput,
) -> Problem | Trigger | None:
    """Make a trigger that runs one of the couch's scenes by itself (owner only).

     Kinds, with the fields each takes (any other field is a 422):
    - `beforeCheckIn` (`offsetMinutes`, 0–10080): that long before each stay's check-in window
      opens, bookings here and imported stays alike, following a stay that moves; a cancelled
      stay fires nothing.
    - `afterCheckOut` (`offsetMinutes`): that long after the window ends, or after the stay is
      checked out of, if sooner.
    - `arrival`: when the guest first opens the door inside the stay (keypad code or the app).
    - `vacancy` (`vacantHours` 1–8760, `freeAheadHours` 0–8760): once the couch has had no stay
      under way for `vacantHours` and none begins within `freeAheadHours`; once per vacancy.
    - `time` (`time` HH:MM, `weekdays` ISO 1 Monday … 7 Sunday, default every day): at the
      couch's wall-clock time. A time that does not exist that day (spring forward) runs once,
      at the moment the clocks skip to; one that comes twice (fall back) runs once.

    Each firing is a row unique by trigger and occasion, so it runs once across servers and
    restarts. Triggers are looked at every `AUTOMATION_TICK_MS` (15 s by default). A firing found
    more than 5 minutes late (no server ran) runs once with `catchUp: once` (the default) or is
    recorded `skipped` with `catchUp: skip`; only the latest missed time of a `time` trigger, and
    stay firings up to a day late, are looked at. Occasions before the trigger was made are not
    its own. Scenes run as the automation, through the command path, with the owner's devices;
    a scene that unlocks a door is refused here (422), as automations never unlock. At most 50
    triggers a couch (409).

    Args:
        id (UUID):
        body (TriggerInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Trigger
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
    body: TriggerInput,
) -> Response[Problem | Trigger]:
    """Make a trigger that runs one of the couch's scenes by itself (owner only).

     Kinds, with the fields each takes (any other field is a 422):
    - `beforeCheckIn` (`offsetMinutes`, 0–10080): that long before each stay's check-in window
      opens, bookings here and imported stays alike, following a stay that moves; a cancelled
      stay fires nothing.
    - `afterCheckOut` (`offsetMinutes`): that long after the window ends, or after the stay is
      checked out of, if sooner.
    - `arrival`: when the guest first opens the door inside the stay (keypad code or the app).
    - `vacancy` (`vacantHours` 1–8760, `freeAheadHours` 0–8760): once the couch has had no stay
      under way for `vacantHours` and none begins within `freeAheadHours`; once per vacancy.
    - `time` (`time` HH:MM, `weekdays` ISO 1 Monday … 7 Sunday, default every day): at the
      couch's wall-clock time. A time that does not exist that day (spring forward) runs once,
      at the moment the clocks skip to; one that comes twice (fall back) runs once.

    Each firing is a row unique by trigger and occasion, so it runs once across servers and
    restarts. Triggers are looked at every `AUTOMATION_TICK_MS` (15 s by default). A firing found
    more than 5 minutes late (no server ran) runs once with `catchUp: once` (the default) or is
    recorded `skipped` with `catchUp: skip`; only the latest missed time of a `time` trigger, and
    stay firings up to a day late, are looked at. Occasions before the trigger was made are not
    its own. Scenes run as the automation, through the command path, with the owner's devices;
    a scene that unlocks a door is refused here (422), as automations never unlock. At most 50
    triggers a couch (409).

    Args:
        id (UUID):
        body (TriggerInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Trigger]
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
    body: TriggerInput,
) -> Problem | Trigger | None:
    """Make a trigger that runs one of the couch's scenes by itself (owner only).

     Kinds, with the fields each takes (any other field is a 422):
    - `beforeCheckIn` (`offsetMinutes`, 0–10080): that long before each stay's check-in window
      opens, bookings here and imported stays alike, following a stay that moves; a cancelled
      stay fires nothing.
    - `afterCheckOut` (`offsetMinutes`): that long after the window ends, or after the stay is
      checked out of, if sooner.
    - `arrival`: when the guest first opens the door inside the stay (keypad code or the app).
    - `vacancy` (`vacantHours` 1–8760, `freeAheadHours` 0–8760): once the couch has had no stay
      under way for `vacantHours` and none begins within `freeAheadHours`; once per vacancy.
    - `time` (`time` HH:MM, `weekdays` ISO 1 Monday … 7 Sunday, default every day): at the
      couch's wall-clock time. A time that does not exist that day (spring forward) runs once,
      at the moment the clocks skip to; one that comes twice (fall back) runs once.

    Each firing is a row unique by trigger and occasion, so it runs once across servers and
    restarts. Triggers are looked at every `AUTOMATION_TICK_MS` (15 s by default). A firing found
    more than 5 minutes late (no server ran) runs once with `catchUp: once` (the default) or is
    recorded `skipped` with `catchUp: skip`; only the latest missed time of a `time` trigger, and
    stay firings up to a day late, are looked at. Occasions before the trigger was made are not
    its own. Scenes run as the automation, through the command path, with the owner's devices;
    a scene that unlocks a door is refused here (422), as automations never unlock. At most 50
    triggers a couch (409).

    Args:
        id (UUID):
        body (TriggerInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Trigger
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
