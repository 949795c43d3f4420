from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.couch_image_content_type import CouchImageContentType

T = TypeVar("T", bound="CouchImage")


@_attrs_define
class CouchImage:
    """
    Attributes:
        id (UUID):
        couch_id (UUID):
        position (int): Place in the gallery; new images go after the last one.
        content_type (CouchImageContentType):
        size (int): Bytes.
        path (str): Where to GET the bytes.
        created_at (datetime.datetime):
    """

    id: UUID
    couch_id: UUID
    position: int
    content_type: CouchImageContentType
    size: int
    path: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        couch_id = str(self.couch_id)

        position = self.position

        content_type = self.content_type.value

        size = self.size

        path = self.path

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "couchId": couch_id,
                "position": position,
                "contentType": content_type,
                "size": size,
                "path": path,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        couch_id = UUID(d.pop("couchId"))

        position = d.pop("position")

        content_type = CouchImageContentType(d.pop("contentType"))

        size = d.pop("size")

        path = d.pop("path")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        couch_image = cls(
            id=id,
            couch_id=couch_id,
            position=position,
            content_type=content_type,
            size=size,
            path=path,
            created_at=created_at,
        )

        couch_image.additional_properties = d
        return couch_image

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
