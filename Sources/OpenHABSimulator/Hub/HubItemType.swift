import Foundation

/// An item type as openHAB's core item factory knows it: `Switch`, `Number:Temperature`, … (case-sensitive).
struct HubItemType: Equatable, Sendable {
    enum Base: String, CaseIterable, Sendable {
        case call = "Call"
        case color = "Color"
        case contact = "Contact"
        case dateTime = "DateTime"
        case dimmer = "Dimmer"
        case group = "Group"
        case image = "Image"
        case location = "Location"
        case number = "Number"
        case player = "Player"
        case rollershutter = "Rollershutter"
        case string = "String"
        case `switch` = "Switch"
    }

    let base: Base
    /// The unit a dimensioned Number keeps its state in.
    let unit: MeasurementUnit?

    init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let base = Base(rawValue: String(parts[0])) else { return nil }
        if parts.count == 2 {
            guard base == .number, let unit = MeasurementUnit.systemDefault(for: String(parts[1])) else { return nil }
            self.unit = unit
        } else {
            self.unit = nil
        }
        self.base = base
    }

    var text: String {
        unit.map { "\(base.rawValue):\($0.dimension)" } ?? base.rawValue
    }

    /// The command types an item of this type accepts, in the order openHAB tries them.
    var commandKinds: [ValueKind] {
        switch base {
        case .switch: [.onOff, .refresh]
        case .dimmer: [.percent, .onOff, .increaseDecrease, .refresh]
        case .color: [.hsb, .percent, .onOff, .increaseDecrease, .refresh]
        case .rollershutter: [.upDown, .stopMove, .percent, .refresh]
        case .contact, .image, .call, .group: [.refresh]
        case .number: [.decimal, .quantity, .refresh]
        case .string: [.string, .refresh]
        case .dateTime: [.dateTime, .refresh]
        case .location: [.point, .refresh]
        case .player: [.playPause, .rewindFastforward, .nextPrevious, .refresh]
        }
    }

    /// The state types an item of this type holds, in the order openHAB tries them (`NULL`/`UNDEF` first, so
    /// that a String item set to "NULL" is undefined rather than the text).
    var stateKinds: [ValueKind] {
        switch base {
        case .switch: [.undef, .onOff]
        case .dimmer: [.undef, .percent, .onOff]
        case .color: [.undef, .hsb, .percent, .onOff]
        case .rollershutter: [.undef, .percent, .upDown]
        case .contact: [.undef, .openClosed]
        case .number: [.undef, .decimal, .quantity]
        case .string: [.undef, .string, .dateTime]
        case .dateTime: [.undef, .dateTime]
        case .location: [.undef, .point]
        case .player: [.undef, .playPause, .rewindFastforward]
        case .image: [.undef, .raw]
        case .call: [.undef, .stringList]
        case .group: [.undef]
        }
    }

    func parseCommand(_ text: String, timeZone: TimeZone) -> Value? {
        commandKinds.lazy.compactMap { $0.parse(text, timeZone: timeZone) }.first
    }

    func parseState(_ text: String, timeZone: TimeZone) -> Value? {
        stateKinds.lazy.compactMap { $0.parse(text, timeZone: timeZone) }.first
    }

    /// The state an item of this type ends up holding when given `value`, or nil when it cannot hold it
    /// (a command that is no state, such as INCREASE, or a quantity of another dimension, which openHAB drops).
    func holding(_ value: Value, previous: Value) -> Value? {
        guard stateKinds.contains(value.kind) else { return nil }
        switch (base, value) {
        case (.dimmer, .onOff(let on)):
            return .percent(on ? 100 : 0)
        case (.color, .onOff(let on)):
            let (hue, saturation) = previous.hueAndSaturation
            return .hsb(hue: hue, saturation: saturation, brightness: on ? 100 : 0)
        case (.color, .percent(let brightness)):
            let (hue, saturation) = previous.hueAndSaturation
            return .hsb(hue: hue, saturation: saturation, brightness: brightness)
        case (.rollershutter, .upDown(let up)):
            return .percent(up ? 0 : 100)
        case (.number, .decimal(let number)):
            return unit.map { .quantity(number, $0) } ?? value
        case (.number, .quantity(let number, let given)):
            guard let unit else { return .decimal(number) }
            return given.dimension == unit.dimension ? .quantity(given.convert(number, to: unit), unit) : nil
        default:
            return value
        }
    }
}

extension Value {
    fileprivate var hueAndSaturation: (Decimal, Decimal) {
        if case .hsb(let hue, let saturation, _) = self { return (hue, saturation) }
        return (0, 0)
    }
}
