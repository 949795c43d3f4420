from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.reservation import Reservation
from ...models.reservations_of_user_status import ReservationsOfUserStatus
from ...models.reservations_of_user_when import ReservationsOfUserWhen
from ...types import UNSET, Response, Unset


def _get_kwargs(
    user_id: UUID,
    *,
    status: ReservationsOfUserStatus | Unset = UNSET,
    when: ReservationsOfUserWhen | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_when: str | Unset = UNSET
    if not isinstance(when, Unset):
        json_when = when.value

    params["when"] = json_when

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/reservations/user/{user_id}".format(
            user_id=quote(str(user_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | list[Reservation] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = Reservation.from_dict(response_200_item_data)

            response_200.append(response_200_item)

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
) -> Response[Problem | list[Reservation]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    user_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: ReservationsOfUserStatus | Unset = UNSET,
    when: ReservationsOfUserWhen | Unset = UNSET,
) -> Response[Problem | list[Reservation]]:
    """The caller's own reservations (403 for anyone else's id).

     Upcoming means not over yet (stays under way included), soonest check-in first; past means
    over, newest check-in first. Without `when`, all of them, newest check-in first.

    Args:
        user_id (UUID):
        status (ReservationsOfUserStatus | Unset):
        when (ReservationsOfUserWhen | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[Reservation]]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        status=status,
        when=when,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    user_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: ReservationsOfUserStatus | Unset = UNSET,
    when: ReservationsOfUserWhen | Unset = UNSET,
) -> Problem | list[Reservation] | None:
    """The caller's own reservations (403 for anyone else's id).

     Upcoming means not over yet (stays under way included), soonest check-in first; past means
    over, newest check-in first. Without `when`, all of them, newest check-in first.

    Args:
        user_id (UUID):
        status (ReservationsOfUserStatus | Unset):
        when (ReservationsOfUserWhen | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[Reservation]
    """

    return sync_detailed(
        user_id=user_id,
        client=client,
        status=status,
        when=when,
    ).parsed


async def asyncio_detailed(
    user_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: ReservationsOfUserStatus | Unset = UNSET,
    when: ReservationsOfUserWhen | Unset = UNSET,
) -> Response[Problem | list[Reservation]]:
    """The caller's own reservations (403 for anyone else's id).

     Upcoming means not over yet (stays under way included), soonest check-in first; past means
    over, newest check-in first. Without `when`, all of them, newest check-in first.

    Args:
        user_id (UUID):
        status (ReservationsOfUserStatus | Unset):
        when (ReservationsOfUserWhen | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[Reservation]]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        status=status,
        when=when,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    user_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: ReservationsOfUserStatus | Unset = UNSET,
    when: ReservationsOfUserWhen | Unset = UNSET,
) -> Problem | list[Reservation] | None:
    """The caller's own reservations (403 for anyone else's id).

     Upcoming means not over yet (stays under way included), soonest check-in first; past means
    over, newest check-in first. Without `when`, all of them, newest check-in first.

    Args:
        user_id (UUID):
        status (ReservationsOfUserStatus | Unset):
        when (ReservationsOfUserWhen | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[Reservation]
    """

    return (
        await asyncio_detailed(
            user_id=user_id,
            client=client,
            status=status,
            when=when,
        )
    ).parsed
