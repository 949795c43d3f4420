from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    stay_id: UUID,
    *,
    check_out: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["checkOut"] = check_out

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/console/stays/{stay_id}/shorten".format(
            stay_id=quote(str(stay_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    stay_id: UUID,
    *,
    client: AuthenticatedClient,
    check_out: str | Unset = UNSET,
) -> Response[Any | Problem | str]:
    """What shortening the stay to `checkOut` would refund, with the button that does it.

     A date the stay cannot be shortened to is answered 303 back to the stay's page, which says why.

    Args:
        stay_id (UUID):
        check_out (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | str]
    """

    kwargs = _get_kwargs(
        stay_id=stay_id,
        check_out=check_out,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    stay_id: UUID,
    *,
    client: AuthenticatedClient,
    check_out: str | Unset = UNSET,
) -> Any | Problem | str | None:
    """What shortening the stay to `checkOut` would refund, with the button that does it.

     A date the stay cannot be shortened to is answered 303 back to the stay's page, which says why.

    Args:
        stay_id (UUID):
        check_out (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | str
    """

    return sync_detailed(
        stay_id=stay_id,
        client=client,
        check_out=check_out,
    ).parsed


async def asyncio_detailed(
    stay_id: UUID,
    *,
    client: AuthenticatedClient,
    check_out: str | Unset = UNSET,
) -> Response[Any | Problem | str]:
    """What shortening the stay to `checkOut` would refund, with the button that does it.

     A date the stay cannot be shortened to is answered 303 back to the stay's page, which says why.

    Args:
        stay_id (UUID):
        check_out (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | str]
    """

    kwargs = _get_kwargs(
        stay_id=stay_id,
        check_out=check_out,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    stay_id: UUID,
    *,
    client: AuthenticatedClient,
    check_out: str | Unset = UNSET,
) -> Any | Problem | str | None:
    """What shortening the stay to `checkOut` would refund, with the button that does it.

     A date the stay cannot be shortened to is answered 303 back to the stay's page, which says why.

    Args:
        stay_id (UUID):
        check_out (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | str
    """

    return (
        await asyncio_detailed(
            stay_id=stay_id,
            client=client,
            check_out=check_out,
        )
    ).parsed
