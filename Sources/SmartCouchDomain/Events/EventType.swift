/// Every kind of event the server tells of, on the event stream and to webhooks. The raw values
/// are what clients read and filter on.
package enum EventType: String, CaseIterable, Sendable {
    case reservationCreated = "reservation.created"
    case reservationCancelled = "reservation.cancelled"
    case reservationChanged = "reservation.changed"
    case stayCheckedIn = "stay.checked_in"
    case stayCheckedOut = "stay.checked_out"
    case messageCreated = "message.created"
    case deviceStateChanged = "device.state_changed"
    case doorUnlocked = "door.unlocked"
    case deviceCommandFailed = "device.command_failed"
    case hubOffline = "hub.offline"
    case hubOnline = "hub.online"
    case codeActive = "code.active"
    case codeFailed = "code.failed"
    case codeCleared = "code.cleared"
    case calendarSyncFailed = "calendar.sync_failed"
    case calendarConflict = "calendar.conflict"
    case automationRun = "automation.run"
}
