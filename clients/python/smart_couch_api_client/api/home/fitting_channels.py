from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.device_type import DeviceType
from ...models.fitting_channel import FittingChannel
from ...models.problem import Problem
from ...types import UNSET, Response


def _get_kwargs(
    configuration_type: DeviceType,
    *,
    couch_id: UUID,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_couch_id = str(couch_id)
    params["couchId"] = json_couch_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/home/types/properties/{configuration_type}".format(
            configuration_type=quote(str(configuration_type), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | list[FittingChannel] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = FittingChannel.from_dict(response_200_item_data)

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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[Problem | list[FittingChannel]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    configuration_type: DeviceType,
    *,
    client: AuthenticatedClient | Client,
    couch_id: UUID,
) -> Response[Problem | list[FittingChannel]]:
    """The channels of the couch's hub's things that fit a device type (owner only).

     heating and cooling take Switch and Number:Temperature channels; locks take Switch (ON = locked) and
    Contact channels; lights take Switch and Dimmer channels; blinds take Rollershutter channels (0
    open, 100 closed); sensors take Contact (windows, doors), Number:Temperature and
    Number:Dimensionless (humidity) channels; a weatherWatcher takes none. The original system had one
    hub; here the couch names the hub with `couchId`.

    Args:
        configuration_type (DeviceType):
        couch_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[FittingChannel]]
    """

    kwargs = _get_kwargs(
        configuration_type=configuration_type,
        couch_id=couch_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    configuration_type: DeviceType,
    *,
    client: AuthenticatedClient | Client,
    couch_id: UUID,
) -> Problem | list[FittingChannel] | None:
    """The channels of the couch's hub's things that fit a device type (owner only).

     heating and cooling take Switch and Number:Temperature channels; locks take Switch (ON = locked) and
    Contact channels; lights take Switch and Dimmer channels; blinds take Rollershutter channels (0
    open, 100 closed); sensors take Contact (windows, doors), Number:Temperature and
    Number:Dimensionless (humidity) channels; a weatherWatcher takes none. The original system had one
    hub; here the couch names the hub with `couchId`.

    Args:
        configuration_type (DeviceType):
        couch_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[FittingChannel]
    """

    return sync_detailed(
        configuration_type=configuration_type,
        client=client,
        couch_id=couch_id,
    ).parsed


async def asyncio_detailed(
    configuration_type: DeviceType,
    *,
    client: AuthenticatedClient | Client,
    couch_id: UUID,
) -> Response[Problem | list[FittingChannel]]:
    """The channels of the couch's hub's things that fit a device type (owner only).

     heating and cooling take Switch and Number:Temperature channels; locks take Switch (ON = locked) and
    Contact channels; lights take Switch and Dimmer channels; blinds take Rollershutter channels (0
    open, 100 closed); sensors take Contact (windows, doors), Number:Temperature and
    Number:Dimensionless (humidity) channels; a weatherWatcher takes none. The original system had one
    hub; here the couch names the hub with `couchId`.

    Args:
        configuration_type (DeviceType):
        couch_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[FittingChannel]]
    """

    kwargs = _get_kwargs(
        configuration_type=configuration_type,
        couch_id=couch_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    configuration_type: DeviceType,
    *,
    client: AuthenticatedClient | Client,
    couch_id: UUID,
) -> Problem | list[FittingChannel] | None:
    """The channels of the couch's hub's things that fit a device type (owner only).

     heating and cooling take Switch and Number:Temperature channels; locks take Switch (ON = locked) and
    Contact channels; lights take Switch and Dimmer channels; blinds take Rollershutter channels (0
    open, 100 closed); sensors take Contact (windows, doors), Number:Temperature and
    Number:Dimensionless (humidity) channels; a weatherWatcher takes none. The original system had one
    hub; here the couch names the hub with `couchId`.

    Args:
        configuration_type (DeviceType):
        couch_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[FittingChannel]
    """

    return (
        await asyncio_detailed(
            configuration_type=configuration_type,
            client=client,
            couch_id=couch_id,
        )
    ).parsed
