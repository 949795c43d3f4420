from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ConversationInput")


@_attrs_define
class ConversationInput:
    """
    Attributes:
        other_user_id (UUID): The other participant; not the caller.
        couch_id (UUID): The couch it is about; the caller or the other user owns it.
    """

    other_user_id: UUID
    couch_id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        other_user_id = str(self.other_user_id)

        couch_id = str(self.couch_id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "otherUserId": other_user_id,
                "couchId": couch_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        other_user_id = UUID(d.pop("otherUserId"))

        couch_id = UUID(d.pop("couchId"))

        conversation_input = cls(
            other_user_id=other_user_id,
            couch_id=couch_id,
        )

        conversation_input.additional_properties = d
        return conversation_input

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
