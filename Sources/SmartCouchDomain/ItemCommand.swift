import Foundation
import OpenHAB

/// What a client's value means as a command to an item of a given type.
package enum ItemCommand {
    package struct Refusal: Error, Sendable {
        package let reason: String
        init(_ reason: String) { self.reason = reason }
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
        case .number where type.dimension == "Temperature":
            let number = Decimal(string: value.replacingOccurrences(of: "°C", with: "").trimmingCharacters(in: .whitespaces), locale: Locale(identifier: "en_US_POSIX"))
            guard let number, number >= 5, number <= 35 else { return .failure(.init("must be a temperature from 5 to 35 °C")) }
            return .success(.quantity(number, unit: "°C"))
        case .number:
            guard let number = Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")) else { return .failure(.init("must be a number")) }
            return .success(.decimal(number))
        default:
            return .failure(.init("\(type.rawValue) items cannot be set here"))
        }
    }
}
