from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.job_run_page import JobRunPage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    job: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    before: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["job"] = job

    params["limit"] = limit

    params["cursor"] = cursor

    params["before"] = before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/jobs/runs",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> JobRunPage | Problem | None:
    if response.status_code == 200:
        response_200 = JobRunPage.from_dict(response.json())

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
) -> Response[JobRunPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    job: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    before: str | Unset = UNSET,
) -> Response[JobRunPage | Problem]:
    """Recent runs of the scheduled jobs, newest first (operators).

     A run the schedule started carries its slot in `scheduledFor`. A run still `running` is going on
    somewhere; one whose server died is marked `failed` when a server next starts.

    Args:
        job (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[JobRunPage | Problem]
    """

    kwargs = _get_kwargs(
        job=job,
        limit=limit,
        cursor=cursor,
        before=before,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    job: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    before: str | Unset = UNSET,
) -> JobRunPage | Problem | None:
    """Recent runs of the scheduled jobs, newest first (operators).

     A run the schedule started carries its slot in `scheduledFor`. A run still `running` is going on
    somewhere; one whose server died is marked `failed` when a server next starts.

    Args:
        job (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        JobRunPage | Problem
    """

    return sync_detailed(
        client=client,
        job=job,
        limit=limit,
        cursor=cursor,
        before=before,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    job: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    before: str | Unset = UNSET,
) -> Response[JobRunPage | Problem]:
    """Recent runs of the scheduled jobs, newest first (operators).

     A run the schedule started carries its slot in `scheduledFor`. A run still `running` is going on
    somewhere; one whose server died is marked `failed` when a server next starts.

    Args:
        job (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[JobRunPage | Problem]
    """

    kwargs = _get_kwargs(
        job=job,
        limit=limit,
        cursor=cursor,
        before=before,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    job: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    before: str | Unset = UNSET,
) -> JobRunPage | Problem | None:
    """Recent runs of the scheduled jobs, newest first (operators).

     A run the schedule started carries its slot in `scheduledFor`. A run still `running` is going on
    somewhere; one whose server died is marked `failed` when a server next starts.

    Args:
        job (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        before (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        JobRunPage | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            job=job,
            limit=limit,
            cursor=cursor,
            before=before,
        )
    ).parsed
