from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.add_couch_image_body import AddCouchImageBody
from ...models.couch_image import CouchImage
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    id: UUID,
    *,
    body: AddCouchImageBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/couches/{id}/images".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CouchImage | Problem | None:
    if response.status_code == 201:
        response_201 = CouchImage.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CouchImage | Problem]:
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
    body: AddCouchImageBody,
) -> Response[CouchImage | Problem]:
    """Add an image to a couch's gallery, after the others (owner only).

     A `multipart/form-data` body with exactly one file part (a part with a filename; other
    fields are ignored); the part's Content-Type, when it is not application/octet-stream, is
    the declared type. The type is recognised from the bytes (JPEG, PNG and WebP signatures):
    bytes of another kind, or a declared type the bytes contradict, are refused with 422. At
    most 5 MiB (5242880 bytes) per image and 20 images per couch. Identical bytes are stored
    once, whichever couches show them.

    The server also takes the image's bytes as the whole body, sent with `Content-Type:
    image/jpeg`, `image/png` or `image/webp`. That form is left out of `content` on purpose:
    with a second media type, generators offer one body parameter for all of them and cannot
    tell which Content-Type a given file needs (openapi-python-client 0.29 sends every raw
    image as the last one listed, and its module does not import), while the form's file part
    carries its own type.

    Args:
        id (UUID):
        body (AddCouchImageBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CouchImage | Problem]
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
    body: AddCouchImageBody,
) -> CouchImage | Problem | None:
    """Add an image to a couch's gallery, after the others (owner only).

     A `multipart/form-data` body with exactly one file part (a part with a filename; other
    fields are ignored); the part's Content-Type, when it is not application/octet-stream, is
    the declared type. The type is recognised from the bytes (JPEG, PNG and WebP signatures):
    bytes of another kind, or a declared type the bytes contradict, are refused with 422. At
    most 5 MiB (5242880 bytes) per image and 20 images per couch. Identical bytes are stored
    once, whichever couches show them.

    The server also takes the image's bytes as the whole body, sent with `Content-Type:
    image/jpeg`, `image/png` or `image/webp`. That form is left out of `content` on purpose:
    with a second media type, generators offer one body parameter for all of them and cannot
    tell which Content-Type a given file needs (openapi-python-client 0.29 sends every raw
    image as the last one listed, and its module does not import), while the form's file part
    carries its own type.

    Args:
        id (UUID):
        body (AddCouchImageBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CouchImage | Problem
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
    body: AddCouchImageBody,
) -> Response[CouchImage | Problem]:
    """Add an image to a couch's gallery, after the others (owner only).

     A `multipart/form-data` body with exactly one file part (a part with a filename; other
    fields are ignored); the part's Content-Type, when it is not application/octet-stream, is
    the declared type. The type is recognised from the bytes (JPEG, PNG and WebP signatures):
    bytes of another kind, or a declared type the bytes contradict, are refused with 422. At
    most 5 MiB (5242880 bytes) per image and 20 images per couch. Identical bytes are stored
    once, whichever couches show them.

    The server also takes the image's bytes as the whole body, sent with `Content-Type:
    image/jpeg`, `image/png` or `image/webp`. That form is left out of `content` on purpose:
    with a second media type, generators offer one body parameter for all of them and cannot
    tell which Content-Type a given file needs (openapi-python-client 0.29 sends every raw
    image as the last one listed, and its module does not import), while the form's file part
    carries its own type.

    Args:
        id (UUID):
        body (AddCouchImageBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CouchImage | Problem]
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
    body: AddCouchImageBody,
) -> CouchImage | Problem | None:
    """Add an image to a couch's gallery, after the others (owner only).

     A `multipart/form-data` body with exactly one file part (a part with a filename; other
    fields are ignored); the part's Content-Type, when it is not application/octet-stream, is
    the declared type. The type is recognised from the bytes (JPEG, PNG and WebP signatures):
    bytes of another kind, or a declared type the bytes contradict, are refused with 422. At
    most 5 MiB (5242880 bytes) per image and 20 images per couch. Identical bytes are stored
    once, whichever couches show them.

    The server also takes the image's bytes as the whole body, sent with `Content-Type:
    image/jpeg`, `image/png` or `image/webp`. That form is left out of `content` on purpose:
    with a second media type, generators offer one body parameter for all of them and cannot
    tell which Content-Type a given file needs (openapi-python-client 0.29 sends every raw
    image as the last one listed, and its module does not import), while the form's file part
    carries its own type.

    Args:
        id (UUID):
        body (AddCouchImageBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CouchImage | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
