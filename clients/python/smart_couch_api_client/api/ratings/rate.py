from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.rating import Rating
from ...models.rating_input import RatingInput
from ...types import Response


def _get_kwargs(
    *,
    body: RatingInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/ratings",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Rating | None:
    if response.status_code == 201:
        response_201 = Rating.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Rating]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RatingInput,
) -> Response[Problem | Rating]:
    """Rate a completed stay, as its guest, once.

     Name the stay with `reservationId`, or with `couchId` when the caller has exactly one
    completed, unrated stay at that couch (several: 422, asking for `reservationId`; none
    completed: 403; all rated: 409). Only the reservation's guest may rate it (403 otherwise);
    a cancelled stay, or one not over yet (its check-out date at the couch's check-out time,
    in the couch's time zone), is refused with 422. A second rating of a stay is a 409.

    Args:
        body (RatingInput): Exactly one of reservationId and couchId.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Rating]
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
    body: RatingInput,
) -> Problem | Rating | None:
    """Rate a completed stay, as its guest, once.

     Name the stay with `reservationId`, or with `couchId` when the caller has exactly one
    completed, unrated stay at that couch (several: 422, asking for `reservationId`; none
    completed: 403; all rated: 409). Only the reservation's guest may rate it (403 otherwise);
    a cancelled stay, or one not over yet (its check-out date at the couch's check-out time,
    in the couch's time zone), is refused with 422. A second rating of a stay is a 409.

    Args:
        body (RatingInput): Exactly one of reservationId and couchId.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Rating
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RatingInput,
) -> Response[Problem | Rating]:
    """Rate a completed stay, as its guest, once.

     Name the stay with `reservationId`, or with `couchId` when the caller has exactly one
    completed, unrated stay at that couch (several: 422, asking for `reservationId`; none
    completed: 403; all rated: 409). Only the reservation's guest may rate it (403 otherwise);
    a cancelled stay, or one not over yet (its check-out date at the couch's check-out time,
    in the couch's time zone), is refused with 422. A second rating of a stay is a 409.

    Args:
        body (RatingInput): Exactly one of reservationId and couchId.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Rating]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: RatingInput,
) -> Problem | Rating | None:
    """Rate a completed stay, as its guest, once.

     Name the stay with `reservationId`, or with `couchId` when the caller has exactly one
    completed, unrated stay at that couch (several: 422, asking for `reservationId`; none
    completed: 403; all rated: 409). Only the reservation's guest may rate it (403 otherwise);
    a cancelled stay, or one not over yet (its check-out date at the couch's check-out time,
    in the couch's time zone), is refused with 422. A second rating of a stay is a 409.

    Args:
        body (RatingInput): Exactly one of reservationId and couchId.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Rating
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
