from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rating_breakdown_distribution import RatingBreakdownDistribution


T = TypeVar("T", bound="RatingBreakdown")


@_attrs_define
class RatingBreakdown:
    """
    Attributes:
        count (int):
        distribution (RatingBreakdownDistribution): How many ratings gave each number of stars.
        average (float | Unset): Rounded to two decimals; absent while there are no ratings.
    """

    count: int
    distribution: RatingBreakdownDistribution
    average: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        distribution = self.distribution.to_dict()

        average = self.average

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "distribution": distribution,
            }
        )
        if average is not UNSET:
            field_dict["average"] = average

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_breakdown_distribution import RatingBreakdownDistribution  # noqa: PLC0415

        d = dict(src_dict)
        count = d.pop("count")

        distribution = RatingBreakdownDistribution.from_dict(d.pop("distribution"))

        average = d.pop("average", UNSET)

        rating_breakdown = cls(
            count=count,
            distribution=distribution,
            average=average,
        )

        rating_breakdown.additional_properties = d
        return rating_breakdown

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
