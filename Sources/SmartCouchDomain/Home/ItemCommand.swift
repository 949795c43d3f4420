import Foundation
import OpenHABModels

/// What a client's value means as a command to an item of a given type.
package enum ItemCommand {
    package struct Refusal: Error, Sendable {
        package let reason: String
        package init(_ reason: String) { self.reason = reason }
    }

    /// The command `raw` stands for on an item of this type, or why there is none.
    package static func parse(_ raw: String, for type: ItemType, readOnly: Bool) -> Result<Command, Refusal> {
        if readOnly || type.base == .contact { return .failure(.init("this item is a sensor; it cannot be set")) }
        let value = raw.trimmingCharacters(in: .whitespaces)
        switch type.base {
        case .switch:
            switch value.uppercased() {
            case "ON": return .success(.on)
            case "OFF": return .success(.off)
            default: return .failure(.init("must be ON or OFF"))
            }
        case .dimmer:
            switch value.uppercased() {
            case "ON": return .success(.on)
            case "OFF": return .success(.off)
            default:
                guard let level = Self.percent(value) else { return .failure(.init("must be ON, OFF or a brightness from 0 to 100 (%)")) }
                return .success(.decimal(level))
            }
        case .rollershutter:
            switch value.uppercased() {
            case "UP": return .success(.up)
            case "DOWN": return .success(.down)
            case "STOP": return .success(.stop)
            default:
                guard let position = Self.percent(value) else {
                    return .failure(.init("must be UP, DOWN, STOP or a position from 0 (open) to 100 (closed) %"))
                }
                return .success(.decimal(position))
            }
        case .number where type.dimension == "Temperature":
            guard let (number, unit) = Self.quantity(value) else {
                return .failure(.init("must be a temperature such as 21.5 or 21,5 °C, and nothing else"))
            }
            guard let celsius = Self.celsius(number, unit: unit) else {
                return .failure(.init("\(unit ?? "") is not a unit of temperature SmartCouch takes: use °C, °F or K"))
            }
            guard celsius >= 5, celsius <= 35 else { return .failure(.init("must be a temperature from 5 to 35 °C")) }
            return .success(.quantity(celsius, unit: "°C"))
        case .number:
            guard let (number, unit) = Self.quantity(value), unit == nil else { return .failure(.init("must be a number, and nothing else")) }
            return .success(.decimal(number))
        default:
            return .failure(.init("\(type.rawValue) items cannot be set here"))
        }
    }

    /// How an item of this type is flipped from its current state: a switch or a lamp on ↔ off; a
    /// shutter that is fully open goes down, and one closed or partly closed opens. Nil for an item
    /// that does not flip.
    package static func flip(of type: ItemType) -> (@Sendable (State) -> Command)? {
        switch type.base {
        case .switch:
            return { $0 == .on ? .off : .on }
        case .dimmer:
            return { current in
                if case .decimal(let level) = current { return level > 0 ? .off : .on }
                return current == .on ? .off : .on
            }
        case .rollershutter:
            return { $0 == .decimal(0) ? .down : .up }
        default:
            return nil
        }
    }

    /// A percentage as people write it, with or without the sign: 0 to 100, decimals allowed
    /// (`50`, `50%`, `50 %`, `12,5`); nil for anything else.
    static func percent(_ text: String) -> Decimal? {
        guard let (number, unit) = quantity(text), unit == nil || unit == "%", (0...100).contains(number) else { return nil }
        return number
    }

    /// A whole number or a decimal (a point or a comma before the decimals, as people write them),
    /// then optionally a space and a unit; nil for anything else, so that nothing is cut off.
    static func quantity(_ text: String) -> (Decimal, unit: String?)? {
        guard let match = text.wholeMatch(of: /([+-]?[0-9]{1,6}(?:[.,][0-9]{1,6})?)\s*([^\s0-9.,+-][^\s]{0,3})?/) else { return nil }
        let digits = match.1.replacingOccurrences(of: ",", with: ".")
        guard let number = Decimal(string: String(digits), locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        return (number, match.2.map(String.init))
    }

    /// The temperature in °C: as given (the default unit), or from °F (to two decimals) or K; nil
    /// for another unit.
    static func celsius(_ number: Decimal, unit: String?) -> Decimal? {
        switch unit {
        case nil, "°C", "℃", "C":
            return number
        case "°F", "℉", "F":
            var rounded = Decimal()
            var value = (number - 32) * 5 / 9
            NSDecimalRound(&rounded, &value, 2, .plain)
            return rounded
        case "K":
            return number - Decimal(string: "273.15")!
        default:
            return nil
        }
    }
}
