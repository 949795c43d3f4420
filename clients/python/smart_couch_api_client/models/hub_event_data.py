from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="HubEventData")


@_attrs_define
class HubEventData:
    """`hub.offline` and `hub.online`: a host's own hub stopped or started answering (calls or its event stream).

    Attributes:
        detail (str | Unset):
    """

    detail: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        detail = self.detail

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if detail is not UNSET:
            field_dict["detail"] = detail

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        detail = d.pop("detail", UNSET)

        hub_event_data = cls(
            detail=detail,
        )

        return hub_event_data
