from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.conflict_held_by import ConflictHeldBy
    from ..models.conflict_imported import ConflictImported
    from ..models.night_run import NightRun


T = TypeVar("T", bound="Conflict")


@_attrs_define
class Conflict:
    """An imported event that does not hold all of its nights, or of the turnover days the couch keeps after it: it holds
    every night nobody else does; `nights` lists the runs of its own nights something else holds, `turnoverNights` those
    of its turnover. One answer in every view: an event listed here is `conflict` in the host's list of reservations,
    counted among its calendar's `conflicts` (not its `stays` or `blocks`), and, as an imported stay, gets no door code
    until the host settles it; every other imported event holds all its nights and its turnover. Free nights go to the
    event that starts first (then the lower UID), and its turnover comes with them before a later event takes any: of
    two back-to-back stays closer than the turnover, the later one is the conflict. An event whose dates its channel
    changes keeps every night it held that it still covers.

        Attributes:
            nights (list[NightRun]):
            turnover_nights (list[NightRun]):
            imported (ConflictImported):
            held_by (ConflictHeldBy | Unset): What holds the first of the nights it lacks, its own or its turnover's.
    """

    nights: list[NightRun]
    turnover_nights: list[NightRun]
    imported: ConflictImported
    held_by: ConflictHeldBy | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        nights = []
        for nights_item_data in self.nights:
            nights_item = nights_item_data.to_dict()
            nights.append(nights_item)

        turnover_nights = []
        for turnover_nights_item_data in self.turnover_nights:
            turnover_nights_item = turnover_nights_item_data.to_dict()
            turnover_nights.append(turnover_nights_item)

        imported = self.imported.to_dict()

        held_by: dict[str, Any] | Unset = UNSET
        if not isinstance(self.held_by, Unset):
            held_by = self.held_by.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "nights": nights,
                "turnoverNights": turnover_nights,
                "imported": imported,
            }
        )
        if held_by is not UNSET:
            field_dict["heldBy"] = held_by

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.conflict_held_by import ConflictHeldBy  # noqa: PLC0415
        from ..models.conflict_imported import ConflictImported  # noqa: PLC0415
        from ..models.night_run import NightRun  # noqa: PLC0415

        d = dict(src_dict)
        nights = []
        _nights = d.pop("nights")
        for nights_item_data in _nights:
            nights_item = NightRun.from_dict(nights_item_data)

            nights.append(nights_item)

        turnover_nights = []
        _turnover_nights = d.pop("turnoverNights")
        for turnover_nights_item_data in _turnover_nights:
            turnover_nights_item = NightRun.from_dict(turnover_nights_item_data)

            turnover_nights.append(turnover_nights_item)

        imported = ConflictImported.from_dict(d.pop("imported"))

        _held_by = d.pop("heldBy", UNSET)
        held_by: ConflictHeldBy | Unset
        if isinstance(_held_by, Unset):
            held_by = UNSET
        else:
            held_by = ConflictHeldBy.from_dict(_held_by)

        conflict = cls(
            nights=nights,
            turnover_nights=turnover_nights,
            imported=imported,
            held_by=held_by,
        )

        conflict.additional_properties = d
        return conflict

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
