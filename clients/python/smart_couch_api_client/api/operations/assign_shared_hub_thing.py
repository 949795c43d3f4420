from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.thing_assignment import ThingAssignment
from ...models.thing_assignment_input import ThingAssignmentInput
from ...types import Response


def _get_kwargs(
    thing_uid: str,
    *,
    body: ThingAssignmentInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/admin/hub/things/{thing_uid}".format(
            thing_uid=quote(str(thing_uid), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ThingAssignment | None:
    if response.status_code == 200:
        response_200 = ThingAssignment.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 502:
        response_502 = Problem.from_dict(response.json())

        return response_502

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if response.status_code == 504:
        response_504 = Problem.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | ThingAssignment]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    thing_uid: str,
    *,
    client: AuthenticatedClient | Client,
    body: ThingAssignmentInput,
) -> Response[Problem | ThingAssignment]:
    """Give a Thing of the shared hub to a couch (operators); until then it belongs to nobody.

     Moving a Thing that devices of its couch still use is a 409.

    Args:
        thing_uid (str):
        body (ThingAssignmentInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ThingAssignment]
    """

    kwargs = _get_kwargs(
        thing_uid=thing_uid,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    thing_uid: str,
    *,
    client: AuthenticatedClient | Client,
    body: ThingAssignmentInput,
) -> Problem | ThingAssignment | None:
    """Give a Thing of the shared hub to a couch (operators); until then it belongs to nobody.

     Moving a Thing that devices of its couch still use is a 409.

    Args:
        thing_uid (str):
        body (ThingAssignmentInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ThingAssignment
    """

    return sync_detailed(
        thing_uid=thing_uid,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    thing_uid: str,
    *,
    client: AuthenticatedClient | Client,
    body: ThingAssignmentInput,
) -> Response[Problem | ThingAssignment]:
    """Give a Thing of the shared hub to a couch (operators); until then it belongs to nobody.

     Moving a Thing that devices of its couch still use is a 409.

    Args:
        thing_uid (str):
        body (ThingAssignmentInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ThingAssignment]
    """

    kwargs = _get_kwargs(
        thing_uid=thing_uid,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    thing_uid: str,
    *,
    client: AuthenticatedClient | Client,
    body: ThingAssignmentInput,
) -> Problem | ThingAssignment | None:
    """Give a Thing of the shared hub to a couch (operators); until then it belongs to nobody.

     Moving a Thing that devices of its couch still use is a 409.

    Args:
        thing_uid (str):
        body (ThingAssignmentInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ThingAssignment
    """

    return (
        await asyncio_detailed(
            thing_uid=thing_uid,
            client=client,
            body=body,
        )
    ).parsed
