"""Contains all the data models used in inputs/outputs"""

from .access_log_entry import AccessLogEntry
from .access_log_entry_outcome import AccessLogEntryOutcome
from .access_log_page import AccessLogPage
from .add_couch_image_body import AddCouchImageBody
from .automation_run import AutomationRun
from .automation_run_event import AutomationRunEvent
from .automation_run_event_data import AutomationRunEventData
from .automation_run_event_data_kind import AutomationRunEventDataKind
from .automation_run_event_data_status import AutomationRunEventDataStatus
from .automation_run_event_type import AutomationRunEventType
from .automation_run_kind import AutomationRunKind
from .automation_run_page import AutomationRunPage
from .automation_run_results_item import AutomationRunResultsItem
from .automation_run_results_item_outcome import AutomationRunResultsItemOutcome
from .automation_run_status import AutomationRunStatus
from .block import Block
from .block_input import BlockInput
from .block_page import BlockPage
from .booked_range import BookedRange
from .calendar import Calendar
from .calendar_conflict_event import CalendarConflictEvent
from .calendar_conflict_event_data import CalendarConflictEventData
from .calendar_conflict_event_data_kind import CalendarConflictEventDataKind
from .calendar_conflict_event_type import CalendarConflictEventType
from .calendar_input import CalendarInput
from .calendar_page import CalendarPage
from .calendar_sync_failed_event import CalendarSyncFailedEvent
from .calendar_sync_failed_event_data import CalendarSyncFailedEventData
from .calendar_sync_failed_event_type import CalendarSyncFailedEventType
from .code_active_event import CodeActiveEvent
from .code_active_event_type import CodeActiveEventType
from .code_cleared_event import CodeClearedEvent
from .code_cleared_event_type import CodeClearedEventType
from .code_event_data import CodeEventData
from .code_failed_event import CodeFailedEvent
from .code_failed_event_type import CodeFailedEventType
from .code_settings import CodeSettings
from .code_settings_input import CodeSettingsInput
from .code_slots import CodeSlots
from .command_authentication import CommandAuthentication
from .command_failed_event_data import CommandFailedEventData
from .command_failed_event_data_outcome import CommandFailedEventDataOutcome
from .command_result import CommandResult
from .conflict import Conflict
from .conflict_held_by import ConflictHeldBy
from .conflict_held_by_source import ConflictHeldBySource
from .conflict_imported import ConflictImported
from .conflict_imported_kind import ConflictImportedKind
from .conflict_page import ConflictPage
from .console_accept_request_body import ConsoleAcceptRequestBody
from .console_add_block_body import ConsoleAddBlockBody
from .console_add_calendar_body import ConsoleAddCalendarBody
from .console_add_trigger_body import ConsoleAddTriggerBody
from .console_cancel_stay_body import ConsoleCancelStayBody
from .console_decline_request_body import ConsoleDeclineRequestBody
from .console_disable_webhook_body import ConsoleDisableWebhookBody
from .console_enable_webhook_body import ConsoleEnableWebhookBody
from .console_make_stay_link_body import ConsoleMakeStayLinkBody
from .console_redeliver_body import ConsoleRedeliverBody
from .console_remove_block_body import ConsoleRemoveBlockBody
from .console_remove_calendar_body import ConsoleRemoveCalendarBody
from .console_remove_trigger_body import ConsoleRemoveTriggerBody
from .console_revoke_stay_link_body import ConsoleRevokeStayLinkBody
from .console_run_scene_body import ConsoleRunSceneBody
from .console_save_code_settings_body import ConsoleSaveCodeSettingsBody
from .console_save_guide_body import ConsoleSaveGuideBody
from .console_save_hub_body import ConsoleSaveHubBody
from .console_save_rules_body import ConsoleSaveRulesBody
from .console_set_item_body import ConsoleSetItemBody
from .console_shorten_stay_body import ConsoleShortenStayBody
from .console_sign_in_body import ConsoleSignInBody
from .console_sign_out_body import ConsoleSignOutBody
from .console_sync_calendar_body import ConsoleSyncCalendarBody
from .console_toggle_item_body import ConsoleToggleItemBody
from .conversation import Conversation
from .conversation_input import ConversationInput
from .couch import Couch
from .couch_create import CouchCreate
from .couch_image import CouchImage
from .couch_image_content_type import CouchImageContentType
from .couch_page import CouchPage
from .couch_patch import CouchPatch
from .device import Device
from .device_command_failed_event import DeviceCommandFailedEvent
from .device_command_failed_event_type import DeviceCommandFailedEventType
from .device_input import DeviceInput
from .device_input_properties_item import DeviceInputPropertiesItem
from .device_item import DeviceItem
from .device_state_changed_event import DeviceStateChangedEvent
from .device_state_changed_event_type import DeviceStateChangedEventType
from .device_state_event_data import DeviceStateEventData
from .device_thing_status import DeviceThingStatus
from .device_type import DeviceType
from .door_code import DoorCode
from .door_code_page import DoorCodePage
from .door_code_state import DoorCodeState
from .door_unlocked_event import DoorUnlockedEvent
from .door_unlocked_event_data import DoorUnlockedEventData
from .door_unlocked_event_data_method import DoorUnlockedEventDataMethod
from .door_unlocked_event_type import DoorUnlockedEventType
from .event_type import EventType
from .fitting_channel import FittingChannel
from .grant import Grant
from .grant_input import GrantInput
from .guest_code import GuestCode
from .guide import Guide
from .guide_host_contact import GuideHostContact
from .hub_event_data import HubEventData
from .hub_input import HubInput
from .hub_offline_event import HubOfflineEvent
from .hub_offline_event_type import HubOfflineEventType
from .hub_online_event import HubOnlineEvent
from .hub_online_event_type import HubOnlineEventType
from .hub_status import HubStatus
from .imported_stay import ImportedStay
from .imported_stay_channel import ImportedStayChannel
from .imported_stay_source import ImportedStaySource
from .imported_stay_status import ImportedStayStatus
from .job_run import JobRun
from .job_run_page import JobRunPage
from .job_run_status import JobRunStatus
from .job_run_trigger import JobRunTrigger
from .linked_stay import LinkedStay
from .login import Login
from .message import Message
from .message_created_event import MessageCreatedEvent
from .message_created_event_type import MessageCreatedEventType
from .message_event_data import MessageEventData
from .message_input import MessageInput
from .message_page import MessagePage
from .new_webhook import NewWebhook
from .night_run import NightRun
from .participant import Participant
from .presence_input import PresenceInput
from .presence_simulation import PresenceSimulation
from .presence_simulation_tonight_item import PresenceSimulationTonightItem
from .price_breakdown import PriceBreakdown
from .price_list import PriceList
from .price_list_ranges_item import PriceListRangesItem
from .price_night import PriceNight
from .problem import Problem
from .problem_errors_item import ProblemErrorsItem
from .public_user import PublicUser
from .quote import Quote
from .quote_violations_item import QuoteViolationsItem
from .rating import Rating
from .rating_breakdown import RatingBreakdown
from .rating_breakdown_distribution import RatingBreakdownDistribution
from .rating_input import RatingInput
from .rating_summary import RatingSummary
from .refresh import Refresh
from .registration import Registration
from .reservation import Reservation
from .reservation_cancellation_policy import ReservationCancellationPolicy
from .reservation_cancelled_event import ReservationCancelledEvent
from .reservation_cancelled_event_type import ReservationCancelledEventType
from .reservation_changed_event import ReservationChangedEvent
from .reservation_changed_event_type import ReservationChangedEventType
from .reservation_created_event import ReservationCreatedEvent
from .reservation_created_event_type import ReservationCreatedEventType
from .reservation_event_data import ReservationEventData
from .reservation_event_data_status import ReservationEventDataStatus
from .reservation_input import ReservationInput
from .reservation_source import ReservationSource
from .reservation_status import ReservationStatus
from .reservations_of_couch_status import ReservationsOfCouchStatus
from .reservations_of_couch_when import ReservationsOfCouchWhen
from .reservations_of_user_status import ReservationsOfUserStatus
from .reservations_of_user_when import ReservationsOfUserWhen
from .scene import Scene
from .scene_action import SceneAction
from .scene_builtin_type_1 import SceneBuiltinType1
from .scene_builtin_type_2_type_1 import SceneBuiltinType2Type1
from .scene_builtin_type_3_type_1 import SceneBuiltinType3Type1
from .scene_change import SceneChange
from .scene_input import SceneInput
from .scene_page import ScenePage
from .scene_run import SceneRun
from .scene_run_results_item import SceneRunResultsItem
from .scene_run_results_item_outcome import SceneRunResultsItemOutcome
from .search_couches_sort import SearchCouchesSort
from .session import Session
from .set_property import SetProperty
from .shared_thing import SharedThing
from .shared_thing_page import SharedThingPage
from .shorten_reservation_body import ShortenReservationBody
from .status import Status
from .stay_access import StayAccess
from .stay_access_source import StayAccessSource
from .stay_checked_in_event import StayCheckedInEvent
from .stay_checked_in_event_type import StayCheckedInEventType
from .stay_checked_out_event import StayCheckedOutEvent
from .stay_checked_out_event_type import StayCheckedOutEventType
from .stay_event_data import StayEventData
from .stay_event_data_via import StayEventDataVia
from .stay_link import StayLink
from .stay_rules import StayRules
from .stay_rules_cancellation_policy import StayRulesCancellationPolicy
from .stay_rules_weekday_min_nights import StayRulesWeekdayMinNights
from .stay_state import StayState
from .thing import Thing
from .thing_assignment import ThingAssignment
from .thing_assignment_input import ThingAssignmentInput
from .thing_channels_item import ThingChannelsItem
from .thing_channels_item_kind import ThingChannelsItemKind
from .trigger import Trigger
from .trigger_catch_up import TriggerCatchUp
from .trigger_input import TriggerInput
from .trigger_input_catch_up import TriggerInputCatchUp
from .trigger_input_kind import TriggerInputKind
from .trigger_kind import TriggerKind
from .trigger_page import TriggerPage
from .user import User
from .watcher import Watcher
from .watcher_input import WatcherInput
from .webhook import Webhook
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_page import WebhookDeliveryPage
from .webhook_delivery_status import WebhookDeliveryStatus
from .webhook_input import WebhookInput
from .webhook_page import WebhookPage
from .webhook_patch import WebhookPatch

__all__ = (
    "AccessLogEntry",
    "AccessLogEntryOutcome",
    "AccessLogPage",
    "AddCouchImageBody",
    "AutomationRun",
    "AutomationRunEvent",
    "AutomationRunEventData",
    "AutomationRunEventDataKind",
    "AutomationRunEventDataStatus",
    "AutomationRunEventType",
    "AutomationRunKind",
    "AutomationRunPage",
    "AutomationRunResultsItem",
    "AutomationRunResultsItemOutcome",
    "AutomationRunStatus",
    "Block",
    "BlockInput",
    "BlockPage",
    "BookedRange",
    "Calendar",
    "CalendarConflictEvent",
    "CalendarConflictEventData",
    "CalendarConflictEventDataKind",
    "CalendarConflictEventType",
    "CalendarInput",
    "CalendarPage",
    "CalendarSyncFailedEvent",
    "CalendarSyncFailedEventData",
    "CalendarSyncFailedEventType",
    "CodeActiveEvent",
    "CodeActiveEventType",
    "CodeClearedEvent",
    "CodeClearedEventType",
    "CodeEventData",
    "CodeFailedEvent",
    "CodeFailedEventType",
    "CodeSettings",
    "CodeSettingsInput",
    "CodeSlots",
    "CommandAuthentication",
    "CommandFailedEventData",
    "CommandFailedEventDataOutcome",
    "CommandResult",
    "Conflict",
    "ConflictHeldBy",
    "ConflictHeldBySource",
    "ConflictImported",
    "ConflictImportedKind",
    "ConflictPage",
    "ConsoleAcceptRequestBody",
    "ConsoleAddBlockBody",
    "ConsoleAddCalendarBody",
    "ConsoleAddTriggerBody",
    "ConsoleCancelStayBody",
    "ConsoleDeclineRequestBody",
    "ConsoleDisableWebhookBody",
    "ConsoleEnableWebhookBody",
    "ConsoleMakeStayLinkBody",
    "ConsoleRedeliverBody",
    "ConsoleRemoveBlockBody",
    "ConsoleRemoveCalendarBody",
    "ConsoleRemoveTriggerBody",
    "ConsoleRevokeStayLinkBody",
    "ConsoleRunSceneBody",
    "ConsoleSaveCodeSettingsBody",
    "ConsoleSaveGuideBody",
    "ConsoleSaveHubBody",
    "ConsoleSaveRulesBody",
    "ConsoleSetItemBody",
    "ConsoleShortenStayBody",
    "ConsoleSignInBody",
    "ConsoleSignOutBody",
    "ConsoleSyncCalendarBody",
    "ConsoleToggleItemBody",
    "Conversation",
    "ConversationInput",
    "Couch",
    "CouchCreate",
    "CouchImage",
    "CouchImageContentType",
    "CouchPage",
    "CouchPatch",
    "Device",
    "DeviceCommandFailedEvent",
    "DeviceCommandFailedEventType",
    "DeviceInput",
    "DeviceInputPropertiesItem",
    "DeviceItem",
    "DeviceStateChangedEvent",
    "DeviceStateChangedEventType",
    "DeviceStateEventData",
    "DeviceThingStatus",
    "DeviceType",
    "DoorCode",
    "DoorCodePage",
    "DoorCodeState",
    "DoorUnlockedEvent",
    "DoorUnlockedEventData",
    "DoorUnlockedEventDataMethod",
    "DoorUnlockedEventType",
    "EventType",
    "FittingChannel",
    "Grant",
    "GrantInput",
    "GuestCode",
    "Guide",
    "GuideHostContact",
    "HubEventData",
    "HubInput",
    "HubOfflineEvent",
    "HubOfflineEventType",
    "HubOnlineEvent",
    "HubOnlineEventType",
    "HubStatus",
    "ImportedStay",
    "ImportedStayChannel",
    "ImportedStaySource",
    "ImportedStayStatus",
    "JobRun",
    "JobRunPage",
    "JobRunStatus",
    "JobRunTrigger",
    "LinkedStay",
    "Login",
    "Message",
    "MessageCreatedEvent",
    "MessageCreatedEventType",
    "MessageEventData",
    "MessageInput",
    "MessagePage",
    "NewWebhook",
    "NightRun",
    "Participant",
    "PresenceInput",
    "PresenceSimulation",
    "PresenceSimulationTonightItem",
    "PriceBreakdown",
    "PriceList",
    "PriceListRangesItem",
    "PriceNight",
    "Problem",
    "ProblemErrorsItem",
    "PublicUser",
    "Quote",
    "QuoteViolationsItem",
    "Rating",
    "RatingBreakdown",
    "RatingBreakdownDistribution",
    "RatingInput",
    "RatingSummary",
    "Refresh",
    "Registration",
    "Reservation",
    "ReservationCancellationPolicy",
    "ReservationCancelledEvent",
    "ReservationCancelledEventType",
    "ReservationChangedEvent",
    "ReservationChangedEventType",
    "ReservationCreatedEvent",
    "ReservationCreatedEventType",
    "ReservationEventData",
    "ReservationEventDataStatus",
    "ReservationInput",
    "ReservationsOfCouchStatus",
    "ReservationsOfCouchWhen",
    "ReservationsOfUserStatus",
    "ReservationsOfUserWhen",
    "ReservationSource",
    "ReservationStatus",
    "Scene",
    "SceneAction",
    "SceneBuiltinType1",
    "SceneBuiltinType2Type1",
    "SceneBuiltinType3Type1",
    "SceneChange",
    "SceneInput",
    "ScenePage",
    "SceneRun",
    "SceneRunResultsItem",
    "SceneRunResultsItemOutcome",
    "SearchCouchesSort",
    "Session",
    "SetProperty",
    "SharedThing",
    "SharedThingPage",
    "ShortenReservationBody",
    "Status",
    "StayAccess",
    "StayAccessSource",
    "StayCheckedInEvent",
    "StayCheckedInEventType",
    "StayCheckedOutEvent",
    "StayCheckedOutEventType",
    "StayEventData",
    "StayEventDataVia",
    "StayLink",
    "StayRules",
    "StayRulesCancellationPolicy",
    "StayRulesWeekdayMinNights",
    "StayState",
    "Thing",
    "ThingAssignment",
    "ThingAssignmentInput",
    "ThingChannelsItem",
    "ThingChannelsItemKind",
    "Trigger",
    "TriggerCatchUp",
    "TriggerInput",
    "TriggerInputCatchUp",
    "TriggerInputKind",
    "TriggerKind",
    "TriggerPage",
    "User",
    "Watcher",
    "WatcherInput",
    "Webhook",
    "WebhookDelivery",
    "WebhookDeliveryPage",
    "WebhookDeliveryStatus",
    "WebhookInput",
    "WebhookPage",
    "WebhookPatch",
)
