from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_type import EventType

if TYPE_CHECKING:
    from ..models.automation_run_event_data import AutomationRunEventData
    from ..models.calendar_conflict_event_data import CalendarConflictEventData
    from ..models.calendar_sync_failed_event_data import CalendarSyncFailedEventData
    from ..models.code_event_data import CodeEventData
    from ..models.command_failed_event_data import CommandFailedEventData
    from ..models.device_state_event_data import DeviceStateEventData
    from ..models.door_unlocked_event_data import DoorUnlockedEventData
    from ..models.hub_event_data import HubEventData
    from ..models.message_event_data import MessageEventData
    from ..models.reservation_event_data import ReservationEventData
    from ..models.stay_event_data import StayEventData


T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    """One event, as the event stream's `data:` line and a webhook delivery's body carry it. `data` depends on `type`; see
    the `…EventData` schemas. Fields without a value are left out.

        Attributes:
            id (str): Grows in commit order; the SSE `id:` and `SmartCouch-Event-Id`.
            type_ (EventType): An event a webhook can hear (the event stream's vocabulary).
            occurred_at (datetime.datetime):
            couch_id (UUID):
            data (AutomationRunEventData | CalendarConflictEventData | CalendarSyncFailedEventData | CodeEventData |
                CommandFailedEventData | DeviceStateEventData | DoorUnlockedEventData | HubEventData | MessageEventData |
                ReservationEventData | StayEventData):
    """

    id: str
    type_: EventType
    occurred_at: datetime.datetime
    couch_id: UUID
    data: (
        AutomationRunEventData
        | CalendarConflictEventData
        | CalendarSyncFailedEventData
        | CodeEventData
        | CommandFailedEventData
        | DeviceStateEventData
        | DoorUnlockedEventData
        | HubEventData
        | MessageEventData
        | ReservationEventData
        | StayEventData
    )
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.calendar_conflict_event_data import CalendarConflictEventData  # noqa: PLC0415
        from ..models.calendar_sync_failed_event_data import CalendarSyncFailedEventData  # noqa: PLC0415
        from ..models.code_event_data import CodeEventData  # noqa: PLC0415
        from ..models.command_failed_event_data import CommandFailedEventData  # noqa: PLC0415
        from ..models.device_state_event_data import DeviceStateEventData  # noqa: PLC0415
        from ..models.door_unlocked_event_data import DoorUnlockedEventData  # noqa: PLC0415
        from ..models.hub_event_data import HubEventData  # noqa: PLC0415
        from ..models.message_event_data import MessageEventData  # noqa: PLC0415
        from ..models.reservation_event_data import ReservationEventData  # noqa: PLC0415
        from ..models.stay_event_data import StayEventData  # noqa: PLC0415

        id = self.id

        type_ = self.type_.value

        occurred_at = self.occurred_at.isoformat()

        couch_id = str(self.couch_id)

        data: dict[str, Any]
        if isinstance(self.data, ReservationEventData):
            data = self.data.to_dict()
        elif isinstance(self.data, StayEventData):
            data = self.data.to_dict()
        elif isinstance(self.data, MessageEventData):
            data = self.data.to_dict()
        elif isinstance(self.data, DeviceStateEventData):
            data = self.data.to_dict()
        elif isinstance(self.data, DoorUnlockedEventData):
            data = self.data.to_dict()
        elif isinstance(self.data, CommandFailedEventData):
            data = self.data.to_dict()
        elif isinstance(self.data, HubEventData):
            data = self.data.to_dict()
        elif isinstance(self.data, CodeEventData):
            data = self.data.to_dict()
        elif isinstance(self.data, CalendarSyncFailedEventData):
            data = self.data.to_dict()
        elif isinstance(self.data, CalendarConflictEventData):
            data = self.data.to_dict()
        else:
            data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "occurredAt": occurred_at,
                "couchId": couch_id,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.automation_run_event_data import AutomationRunEventData  # noqa: PLC0415
        from ..models.calendar_conflict_event_data import CalendarConflictEventData  # noqa: PLC0415
        from ..models.calendar_sync_failed_event_data import CalendarSyncFailedEventData  # noqa: PLC0415
        from ..models.code_event_data import CodeEventData  # noqa: PLC0415
        from ..models.command_failed_event_data import CommandFailedEventData  # noqa: PLC0415
        from ..models.device_state_event_data import DeviceStateEventData  # noqa: PLC0415
        from ..models.door_unlocked_event_data import DoorUnlockedEventData  # noqa: PLC0415
        from ..models.hub_event_data import HubEventData  # noqa: PLC0415
        from ..models.message_event_data import MessageEventData  # noqa: PLC0415
        from ..models.reservation_event_data import ReservationEventData  # noqa: PLC0415
        from ..models.stay_event_data import StayEventData  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = EventType(d.pop("type"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))

        couch_id = UUID(d.pop("couchId"))

        def _parse_data(
            data: object,
        ) -> (
            AutomationRunEventData
            | CalendarConflictEventData
            | CalendarSyncFailedEventData
            | CodeEventData
            | CommandFailedEventData
            | DeviceStateEventData
            | DoorUnlockedEventData
            | HubEventData
            | MessageEventData
            | ReservationEventData
            | StayEventData
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_0 = ReservationEventData.from_dict(data)

                return data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_1 = StayEventData.from_dict(data)

                return data_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_2 = MessageEventData.from_dict(data)

                return data_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_3 = DeviceStateEventData.from_dict(data)

                return data_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_4 = DoorUnlockedEventData.from_dict(data)

                return data_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_5 = CommandFailedEventData.from_dict(data)

                return data_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_6 = HubEventData.from_dict(data)

                return data_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_7 = CodeEventData.from_dict(data)

                return data_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_8 = CalendarSyncFailedEventData.from_dict(data)

                return data_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_9 = CalendarConflictEventData.from_dict(data)

                return data_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            data_type_10 = AutomationRunEventData.from_dict(data)

            return data_type_10

        data = _parse_data(d.pop("data"))

        event = cls(
            id=id,
            type_=type_,
            occurred_at=occurred_at,
            couch_id=couch_id,
            data=data,
        )

        event.additional_properties = d
        return event

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
