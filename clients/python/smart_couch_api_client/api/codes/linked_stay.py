from http import HTTPStatus
from typing import Any
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
        "method": "get",
        "url": "/stays/{token}".format(
            token=quote(str(token), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> LinkedStay | Problem | None:
    if response.status_code == 200:
        response_200 = LinkedStay.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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
) -> Response[LinkedStay | Problem]:
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
) -> Response[LinkedStay | Problem]:
    """What a stay link shows its holder, as a page for a browser or JSON for an app; no account needed.

     A caller whose `Accept` prefers `text/html` over `application/json` (every browser) gets
    the guest's page, in the first language of `Accept-Language` that the server has (English
    and German; English otherwise): the couch, its first image, the address with a map link,
    check-in and check-out in the couch's time zone, each door code and when it is on the lock,
    the host's guide, a button for each scene the link may run now (as
    `GET /stays/{token}/scenes` lists them; none outside the stay's window), and a check-out
    button. Anyone else gets JSON. Errors come as a page to a
    browser and as `application/problem+json` to anyone else.

    Unknown and revoked links are 404, with the same page. For an app a link stops working
    (404) when its stay's codes end: at the end of the stay's access (its window plus the
    couch's grace), or when the stay is checked out or cancelled. A browser opening the link
    of a stay that is over (checked out, or past its access) gets instead, for 30 days after
    the check-out or the end of its access, whichever came first, a page saying when and how
    it ended, with the couch's address and the host's contact (a guest who left something
    behind knows whom to call) and no code, guide or button; after that, and for a cancelled
    stay at once, the 404 page.

    The page's forms (check-out, a scene) are answered 303 back to this page (Post/Redirect/Get),
    so Reload and Back never send them again; a form sent from a page left open after its stay
    ended is answered the same way, and the page then says the stay is over. After a scene run
    the page says once what the run did: the counts travel in a `scene-run` cookie (HttpOnly,
    SameSite=Strict, the link's path, 60 s, and Secure when the server's public address is
    https) that this page's answer clears.

    Guessing is limited per client address (the connection's peer address; `X-Forwarded-For`
    is not trusted): 10 unknown links in a burst, then one per 6 seconds; an unknown link past
    that is answered 429 instead of 404. A link that exists is always answered and costs
    nothing, so its holder is never slowed by someone guessing behind the same address.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LinkedStay | Problem]
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
) -> LinkedStay | Problem | None:
    """What a stay link shows its holder, as a page for a browser or JSON for an app; no account needed.

     A caller whose `Accept` prefers `text/html` over `application/json` (every browser) gets
    the guest's page, in the first language of `Accept-Language` that the server has (English
    and German; English otherwise): the couch, its first image, the address with a map link,
    check-in and check-out in the couch's time zone, each door code and when it is on the lock,
    the host's guide, a button for each scene the link may run now (as
    `GET /stays/{token}/scenes` lists them; none outside the stay's window), and a check-out
    button. Anyone else gets JSON. Errors come as a page to a
    browser and as `application/problem+json` to anyone else.

    Unknown and revoked links are 404, with the same page. For an app a link stops working
    (404) when its stay's codes end: at the end of the stay's access (its window plus the
    couch's grace), or when the stay is checked out or cancelled. A browser opening the link
    of a stay that is over (checked out, or past its access) gets instead, for 30 days after
    the check-out or the end of its access, whichever came first, a page saying when and how
    it ended, with the couch's address and the host's contact (a guest who left something
    behind knows whom to call) and no code, guide or button; after that, and for a cancelled
    stay at once, the 404 page.

    The page's forms (check-out, a scene) are answered 303 back to this page (Post/Redirect/Get),
    so Reload and Back never send them again; a form sent from a page left open after its stay
    ended is answered the same way, and the page then says the stay is over. After a scene run
    the page says once what the run did: the counts travel in a `scene-run` cookie (HttpOnly,
    SameSite=Strict, the link's path, 60 s, and Secure when the server's public address is
    https) that this page's answer clears.

    Guessing is limited per client address (the connection's peer address; `X-Forwarded-For`
    is not trusted): 10 unknown links in a burst, then one per 6 seconds; an unknown link past
    that is answered 429 instead of 404. A link that exists is always answered and costs
    nothing, so its holder is never slowed by someone guessing behind the same address.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LinkedStay | Problem
    """

    return sync_detailed(
        token=token,
        client=client,
    ).parsed


async def asyncio_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[LinkedStay | Problem]:
    """What a stay link shows its holder, as a page for a browser or JSON for an app; no account needed.

     A caller whose `Accept` prefers `text/html` over `application/json` (every browser) gets
    the guest's page, in the first language of `Accept-Language` that the server has (English
    and German; English otherwise): the couch, its first image, the address with a map link,
    check-in and check-out in the couch's time zone, each door code and when it is on the lock,
    the host's guide, a button for each scene the link may run now (as
    `GET /stays/{token}/scenes` lists them; none outside the stay's window), and a check-out
    button. Anyone else gets JSON. Errors come as a page to a
    browser and as `application/problem+json` to anyone else.

    Unknown and revoked links are 404, with the same page. For an app a link stops working
    (404) when its stay's codes end: at the end of the stay's access (its window plus the
    couch's grace), or when the stay is checked out or cancelled. A browser opening the link
    of a stay that is over (checked out, or past its access) gets instead, for 30 days after
    the check-out or the end of its access, whichever came first, a page saying when and how
    it ended, with the couch's address and the host's contact (a guest who left something
    behind knows whom to call) and no code, guide or button; after that, and for a cancelled
    stay at once, the 404 page.

    The page's forms (check-out, a scene) are answered 303 back to this page (Post/Redirect/Get),
    so Reload and Back never send them again; a form sent from a page left open after its stay
    ended is answered the same way, and the page then says the stay is over. After a scene run
    the page says once what the run did: the counts travel in a `scene-run` cookie (HttpOnly,
    SameSite=Strict, the link's path, 60 s, and Secure when the server's public address is
    https) that this page's answer clears.

    Guessing is limited per client address (the connection's peer address; `X-Forwarded-For`
    is not trusted): 10 unknown links in a burst, then one per 6 seconds; an unknown link past
    that is answered 429 instead of 404. A link that exists is always answered and costs
    nothing, so its holder is never slowed by someone guessing behind the same address.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LinkedStay | Problem]
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
) -> LinkedStay | Problem | None:
    """What a stay link shows its holder, as a page for a browser or JSON for an app; no account needed.

     A caller whose `Accept` prefers `text/html` over `application/json` (every browser) gets
    the guest's page, in the first language of `Accept-Language` that the server has (English
    and German; English otherwise): the couch, its first image, the address with a map link,
    check-in and check-out in the couch's time zone, each door code and when it is on the lock,
    the host's guide, a button for each scene the link may run now (as
    `GET /stays/{token}/scenes` lists them; none outside the stay's window), and a check-out
    button. Anyone else gets JSON. Errors come as a page to a
    browser and as `application/problem+json` to anyone else.

    Unknown and revoked links are 404, with the same page. For an app a link stops working
    (404) when its stay's codes end: at the end of the stay's access (its window plus the
    couch's grace), or when the stay is checked out or cancelled. A browser opening the link
    of a stay that is over (checked out, or past its access) gets instead, for 30 days after
    the check-out or the end of its access, whichever came first, a page saying when and how
    it ended, with the couch's address and the host's contact (a guest who left something
    behind knows whom to call) and no code, guide or button; after that, and for a cancelled
    stay at once, the 404 page.

    The page's forms (check-out, a scene) are answered 303 back to this page (Post/Redirect/Get),
    so Reload and Back never send them again; a form sent from a page left open after its stay
    ended is answered the same way, and the page then says the stay is over. After a scene run
    the page says once what the run did: the counts travel in a `scene-run` cookie (HttpOnly,
    SameSite=Strict, the link's path, 60 s, and Secure when the server's public address is
    https) that this page's answer clears.

    Guessing is limited per client address (the connection's peer address; `X-Forwarded-For`
    is not trusted): 10 unknown links in a burst, then one per 6 seconds; an unknown link past
    that is answered 429 instead of 404. A link that exists is always answered and costs
    nothing, so its holder is never slowed by someone guessing behind the same address.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LinkedStay | Problem
    """

    return (
        await asyncio_detailed(
            token=token,
            client=client,
        )
    ).parsed
