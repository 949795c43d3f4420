from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.linked_stay import LinkedStay
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    token: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/stays/{token}/checkout".format(
            token=quote(str(token), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | LinkedStay | Problem | None:
    if response.status_code == 200:
        response_200 = LinkedStay.from_dict(response.json())

        return response_200

    if response.status_code == 303:
        response_303 = cast(Any, None)
        return response_303

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | LinkedStay | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | LinkedStay | Problem]:
    """ "I left", from the stay link: the guest of an imported stay has no account.

     As POST /reservations/{id}/checkout. Unknown, revoked and expired links are all 404. Sent again
    after the stay was checked out, and before the end of its access, it answers as the first time did
    (while `GET` on the link is already 404 for an app). Any body is ignored: the guest's page posts its
    empty form here, and a browser (by `Accept`, as for `GET /stays/{token}`) is sent back to the link's
    page with 303, which then thanks them and says when they checked out. Guesses are limited as for
    `GET /stays/{token}`.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | LinkedStay | Problem]
    """

    kwargs = _get_kwargs(
        token=token,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | LinkedStay | Problem | None:
    """ "I left", from the stay link: the guest of an imported stay has no account.

     As POST /reservations/{id}/checkout. Unknown, revoked and expired links are all 404. Sent again
    after the stay was checked out, and before the end of its access, it answers as the first time did
    (while `GET` on the link is already 404 for an app). Any body is ignored: the guest's page posts its
    empty form here, and a browser (by `Accept`, as for `GET /stays/{token}`) is sent back to the link's
    page with 303, which then thanks them and says when they checked out. Guesses are limited as for
    `GET /stays/{token}`.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | LinkedStay | Problem
    """

    return sync_detailed(
        token=token,
        client=client,
    ).parsed


async def asyncio_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | LinkedStay | Problem]:
    """ "I left", from the stay link: the guest of an imported stay has no account.

     As POST /reservations/{id}/checkout. Unknown, revoked and expired links are all 404. Sent again
    after the stay was checked out, and before the end of its access, it answers as the first time did
    (while `GET` on the link is already 404 for an app). Any body is ignored: the guest's page posts its
    empty form here, and a browser (by `Accept`, as for `GET /stays/{token}`) is sent back to the link's
    page with 303, which then thanks them and says when they checked out. Guesses are limited as for
    `GET /stays/{token}`.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | LinkedStay | Problem]
    """

    kwargs = _get_kwargs(
        token=token,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | LinkedStay | Problem | None:
    """ "I left", from the stay link: the guest of an imported stay has no account.

     As POST /reservations/{id}/checkout. Unknown, revoked and expired links are all 404. Sent again
    after the stay was checked out, and before the end of its access, it answers as the first time did
    (while `GET` on the link is already 404 for an app). Any body is ignored: the guest's page posts its
    empty form here, and a browser (by `Accept`, as for `GET /stays/{token}`) is sent back to the link's
    page with 303, which then thanks them and says when they checked out. Guesses are limited as for
    `GET /stays/{token}`.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | LinkedStay | Problem
    """

    return (
        await asyncio_detailed(
            token=token,
            client=client,
        )
    ).parsed
