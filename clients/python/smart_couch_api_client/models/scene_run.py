from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.scene_run_results_item import SceneRunResultsItem


T = TypeVar("T", bound="SceneRun")


@_attrs_define
class SceneRun:
    """
    Attributes:
        scene_id (UUID):
        results (list[SceneRunResultsItem]):
    """

    scene_id: UUID
    results: list[SceneRunResultsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        scene_id = str(self.scene_id)

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sceneId": scene_id,
                "results": results,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scene_run_results_item import SceneRunResultsItem  # noqa: PLC0415

        d = dict(src_dict)
        scene_id = UUID(d.pop("sceneId"))

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = SceneRunResultsItem.from_dict(results_item_data)

            results.append(results_item)

        scene_run = cls(
            scene_id=scene_id,
            results=results,
        )

        scene_run.additional_properties = d
        return scene_run

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
