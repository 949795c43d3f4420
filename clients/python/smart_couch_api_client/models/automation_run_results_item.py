from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.automation_run_results_item_outcome import AutomationRunResultsItemOutcome
from ..types import UNSET, Unset

T = TypeVar("T", bound="AutomationRunResultsItem")


@_attrs_define
class AutomationRunResultsItem:
    """
    Attributes:
        item_id (UUID):
        outcome (AutomationRunResultsItemOutcome):
        detail (str | Unset):
    """

    item_id: UUID
    outcome: AutomationRunResultsItemOutcome
    detail: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        item_id = str(self.item_id)

        outcome = self.outcome.value

        detail = self.detail

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "itemId": item_id,
                "outcome": outcome,
            }
        )
        if detail is not UNSET:
            field_dict["detail"] = detail

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        item_id = UUID(d.pop("itemId"))

        outcome = AutomationRunResultsItemOutcome(d.pop("outcome"))

        detail = d.pop("detail", UNSET)

        automation_run_results_item = cls(
            item_id=item_id,
            outcome=outcome,
            detail=detail,
        )

        automation_run_results_item.additional_properties = d
        return automation_run_results_item

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
