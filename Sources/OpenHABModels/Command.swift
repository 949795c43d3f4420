import Foundation

/// A command for an item. The cases are the ones openHAB's item types accept as plain text (§5 of the REST notes).
public enum Command: Hashable, Sendable, CustomStringConvertible {
    case on
    case off
    /// Resolved by the hub against the current state of a Switch (ON↔OFF) or Rollershutter (UP↔DOWN).
    case toggle
    case decimal(Decimal)
    case quantity(Decimal, unit: String)
    case increase
    case decrease
    case up
    case down
    case stop
    case move
    /// Asks the binding to report the current state again.
    case refresh
    /// Free text for String items.
    case text(String)

    public var rawValue: String {
        switch self {
        case .on: "ON"
        case .off: "OFF"
        case .toggle: "TOGGLE"
        case .decimal(let value): "\(value)"
        case .quantity(let value, let unit): "\(value) \(unit)"
        case .increase: "INCREASE"
        case .decrease: "DECREASE"
        case .up: "UP"
        case .down: "DOWN"
        case .stop: "STOP"
        case .move: "MOVE"
        case .refresh: "REFRESH"
        case .text(let text): text
        }
    }

    public var description: String { rawValue }

    /// Whether an item of `type` accepts this command. Groups are left to the hub, which checks them
    /// against their base type or their members.
    public func isAccepted(by type: ItemType) -> Bool {
        if type.base == .group { return true }
        switch self {
        case .refresh: return true
        case .on, .off: return [.switch, .dimmer, .color].contains(type.base)
        case .toggle: return [.switch, .rollershutter].contains(type.base)
        case .decimal(let value): return type.base == .number || (type.acceptsPercent && (0...100).contains(value))
        case .quantity: return type.base == .number
        case .increase, .decrease: return [.dimmer, .color].contains(type.base)
        case .up, .down, .stop, .move: return type.base == .rollershutter
        case .text: return type.base == .string
        }
    }
}
