import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.couch_page import CouchPage
from ...models.problem import Problem
from ...models.search_couches_sort import SearchCouchesSort
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    city: str | Unset = UNSET,
    check_in: datetime.date | Unset = UNSET,
    check_out: datetime.date | Unset = UNSET,
    guests: int | Unset = UNSET,
    min_lat: float | Unset = UNSET,
    min_lon: float | Unset = UNSET,
    max_lat: float | Unset = UNSET,
    max_lon: float | Unset = UNSET,
    sort: SearchCouchesSort | Unset = SearchCouchesSort.NEWEST,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["city"] = city

    json_check_in: str | Unset = UNSET
    if not isinstance(check_in, Unset):
        json_check_in = check_in.isoformat()
    params["checkIn"] = json_check_in

    json_check_out: str | Unset = UNSET
    if not isinstance(check_out, Unset):
        json_check_out = check_out.isoformat()
    params["checkOut"] = json_check_out

    params["guests"] = guests

    params["minLat"] = min_lat

    params["minLon"] = min_lon

    params["maxLat"] = max_lat

    params["maxLon"] = max_lon

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/couches",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CouchPage | Problem | None:
    if response.status_code == 200:
        response_200 = CouchPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CouchPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    city: str | Unset = UNSET,
    check_in: datetime.date | Unset = UNSET,
    check_out: datetime.date | Unset = UNSET,
    guests: int | Unset = UNSET,
    min_lat: float | Unset = UNSET,
    min_lon: float | Unset = UNSET,
    max_lat: float | Unset = UNSET,
    max_lon: float | Unset = UNSET,
    sort: SearchCouchesSort | Unset = SearchCouchesSort.NEWEST,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[CouchPage | Problem]:
    """Search couches; every filter is optional and they combine.

     Pages are keyset-paginated: pass the previous page's `nextCursor` as `cursor` (with the same
    `sort`) for the next page; the last page has no `nextCursor`. A cursor is opaque (it holds
    the last couch's sort key and id, so couches that tie on the key are neither repeated nor
    skipped) and valid only with the sort it came from. Each couch carries its rating summary.

    Args:
        city (str | Unset):
        check_in (datetime.date | Unset):
        check_out (datetime.date | Unset):
        guests (int | Unset):
        min_lat (float | Unset):
        min_lon (float | Unset):
        max_lat (float | Unset):
        max_lon (float | Unset):
        sort (SearchCouchesSort | Unset):  Default: SearchCouchesSort.NEWEST.
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CouchPage | Problem]
    """

    kwargs = _get_kwargs(
        city=city,
        check_in=check_in,
        check_out=check_out,
        guests=guests,
        min_lat=min_lat,
        min_lon=min_lon,
        max_lat=max_lat,
        max_lon=max_lon,
        sort=sort,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    city: str | Unset = UNSET,
    check_in: datetime.date | Unset = UNSET,
    check_out: datetime.date | Unset = UNSET,
    guests: int | Unset = UNSET,
    min_lat: float | Unset = UNSET,
    min_lon: float | Unset = UNSET,
    max_lat: float | Unset = UNSET,
    max_lon: float | Unset = UNSET,
    sort: SearchCouchesSort | Unset = SearchCouchesSort.NEWEST,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> CouchPage | Problem | None:
    """Search couches; every filter is optional and they combine.

     Pages are keyset-paginated: pass the previous page's `nextCursor` as `cursor` (with the same
    `sort`) for the next page; the last page has no `nextCursor`. A cursor is opaque (it holds
    the last couch's sort key and id, so couches that tie on the key are neither repeated nor
    skipped) and valid only with the sort it came from. Each couch carries its rating summary.

    Args:
        city (str | Unset):
        check_in (datetime.date | Unset):
        check_out (datetime.date | Unset):
        guests (int | Unset):
        min_lat (float | Unset):
        min_lon (float | Unset):
        max_lat (float | Unset):
        max_lon (float | Unset):
        sort (SearchCouchesSort | Unset):  Default: SearchCouchesSort.NEWEST.
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CouchPage | Problem
    """

    return sync_detailed(
        client=client,
        city=city,
        check_in=check_in,
        check_out=check_out,
        guests=guests,
        min_lat=min_lat,
        min_lon=min_lon,
        max_lat=max_lat,
        max_lon=max_lon,
        sort=sort,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    city: str | Unset = UNSET,
    check_in: datetime.date | Unset = UNSET,
    check_out: datetime.date | Unset = UNSET,
    guests: int | Unset = UNSET,
    min_lat: float | Unset = UNSET,
    min_lon: float | Unset = UNSET,
    max_lat: float | Unset = UNSET,
    max_lon: float | Unset = UNSET,
    sort: SearchCouchesSort | Unset = SearchCouchesSort.NEWEST,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[CouchPage | Problem]:
    """Search couches; every filter is optional and they combine.

     Pages are keyset-paginated: pass the previous page's `nextCursor` as `cursor` (with the same
    `sort`) for the next page; the last page has no `nextCursor`. A cursor is opaque (it holds
    the last couch's sort key and id, so couches that tie on the key are neither repeated nor
    skipped) and valid only with the sort it came from. Each couch carries its rating summary.

    Args:
        city (str | Unset):
        check_in (datetime.date | Unset):
        check_out (datetime.date | Unset):
        guests (int | Unset):
        min_lat (float | Unset):
        min_lon (float | Unset):
        max_lat (float | Unset):
        max_lon (float | Unset):
        sort (SearchCouchesSort | Unset):  Default: SearchCouchesSort.NEWEST.
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CouchPage | Problem]
    """

    kwargs = _get_kwargs(
        city=city,
        check_in=check_in,
        check_out=check_out,
        guests=guests,
        min_lat=min_lat,
        min_lon=min_lon,
        max_lat=max_lat,
        max_lon=max_lon,
        sort=sort,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    city: str | Unset = UNSET,
    check_in: datetime.date | Unset = UNSET,
    check_out: datetime.date | Unset = UNSET,
    guests: int | Unset = UNSET,
    min_lat: float | Unset = UNSET,
    min_lon: float | Unset = UNSET,
    max_lat: float | Unset = UNSET,
    max_lon: float | Unset = UNSET,
    sort: SearchCouchesSort | Unset = SearchCouchesSort.NEWEST,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> CouchPage | Problem | None:
    """Search couches; every filter is optional and they combine.

     Pages are keyset-paginated: pass the previous page's `nextCursor` as `cursor` (with the same
    `sort`) for the next page; the last page has no `nextCursor`. A cursor is opaque (it holds
    the last couch's sort key and id, so couches that tie on the key are neither repeated nor
    skipped) and valid only with the sort it came from. Each couch carries its rating summary.

    Args:
        city (str | Unset):
        check_in (datetime.date | Unset):
        check_out (datetime.date | Unset):
        guests (int | Unset):
        min_lat (float | Unset):
        min_lon (float | Unset):
        max_lat (float | Unset):
        max_lon (float | Unset):
        sort (SearchCouchesSort | Unset):  Default: SearchCouchesSort.NEWEST.
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CouchPage | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            city=city,
            check_in=check_in,
            check_out=check_out,
            guests=guests,
            min_lat=min_lat,
            min_lon=min_lon,
            max_lat=max_lat,
            max_lon=max_lon,
            sort=sort,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
