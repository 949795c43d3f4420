import Foundation

/// What a lock reports on its `alarm_raw` channel: the Z-Wave access-control notifications, as
/// JSON text such as `{"type":"ACCESS_CONTROL","event":"6","code":"7",…}` (a keypad unlock with
/// the code in slot 7).
package enum LockEvent: Sendable, Equatable {
    case manualLock, manualUnlock
    /// Locked or unlocked over the radio: a command through the hub, already in the access log.
    case remoteLock, remoteUnlock
    case keypadLock
    case keypadUnlock(slot: Int)
    /// Too many wrong codes: the keypad refuses every code for a while.
    case keypadDisabled

    /// Nil for anything else the channel carries (burglar alarms, battery reports, other text).
    package init?(alarmRaw text: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            object["type"].flatMap(Self.text) == "ACCESS_CONTROL",
            let event = object["event"].flatMap(Self.text).flatMap({ Int($0) })
        else { return nil }
        switch event {
        case 1: self = .manualLock
        case 2: self = .manualUnlock
        case 3: self = .remoteLock
        case 4: self = .remoteUnlock
        case 5: self = .keypadLock
        case 6:
            guard let slot = object["code"].flatMap(Self.text).flatMap({ Int($0) }), (1...250).contains(slot) else { return nil }
            self = .keypadUnlock(slot: slot)
        case 16: self = .keypadDisabled
        default: return nil
        }
    }

    /// The binding writes numbers as text; a lock's own firmware may not.
    private static func text(_ value: Any) -> String? {
        switch value {
        case let text as String: text
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }
}
