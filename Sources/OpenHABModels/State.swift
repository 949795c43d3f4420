import Foundation

/// An item's state as the hub reports it. Values the client does not model (colours, dates, …) are `text`.
public enum State: Hashable, Sendable, CustomStringConvertible {
    /// Never set (`NULL`).
    case null
    /// Set, but unknown (`UNDEF`).
    case undefined
    case on
    case off
    case open
    case closed
    case decimal(Decimal)
    case quantity(Decimal, unit: String)
    case text(String)

    /// Reads a state string without knowing the item type: words and numbers win over text.
    public init(parsing raw: String) {
        self = Self.word(raw) ?? Self.number(raw) ?? .text(raw)
    }

    /// Reads a state string the way an item of `type` holds it, so that a String item saying "ON" stays text.
    public init(parsing raw: String, as type: ItemType) {
        if let undefined = Self.undefinedWord(raw) {
            self = undefined
            return
        }
        switch type.base {
        case .switch, .contact: self = Self.word(raw) ?? .text(raw)
        case .number, .dimmer, .rollershutter: self = Self.number(raw) ?? Self.word(raw) ?? .text(raw)
        case .group: self = State(parsing: raw)
        default: self = .text(raw)
        }
    }

    /// Reads a value from an event payload, whose `type` says how to read it (`OnOff`, `Quantity`, …).
    package init(eventType: String, value: String) {
        switch eventType {
        case "UnDef", "OnOff", "OpenClosed": self = Self.word(value) ?? .text(value)
        case "Decimal", "Percent", "Quantity": self = Self.number(value) ?? .text(value)
        default: self = .text(value)
        }
    }

    public var rawValue: String {
        switch self {
        case .null: "NULL"
        case .undefined: "UNDEF"
        case .on: "ON"
        case .off: "OFF"
        case .open: "OPEN"
        case .closed: "CLOSED"
        case .decimal(let value): "\(value)"
        case .quantity(let value, let unit): "\(value) \(unit)"
        case .text(let text): text
        }
    }

    public var description: String { rawValue }

    /// Whether an item of `type` can hold this state (openHAB's accepted data types, §5 of the REST notes).
    public func isAccepted(by type: ItemType) -> Bool {
        switch self {
        case .null, .undefined: true
        case .on, .off: [.switch, .dimmer, .color, .group].contains(type.base)
        case .open, .closed: [.contact, .group].contains(type.base)
        case .decimal(let value): type.base == .number || type.base == .group || (type.acceptsPercent && (0...100).contains(value))
        case .quantity: [.number, .group].contains(type.base)
        case .text: [.string, .group].contains(type.base)
        }
    }

    private static func undefinedWord(_ raw: String) -> State? {
        switch raw {
        case "NULL": .null
        case "UNDEF": .undefined
        default: nil
        }
    }

    private static func word(_ raw: String) -> State? {
        switch raw {
        case "ON": .on
        case "OFF": .off
        case "OPEN": .open
        case "CLOSED": .closed
        default: undefinedWord(raw)
        }
    }

    private static func number(_ raw: String) -> State? {
        guard let (value, unit) = NumberText.parse(raw) else { return nil }
        return unit.map { .quantity(value, unit: $0) } ?? .decimal(value)
    }
}

extension ItemType {
    /// Dimmer, Color and Rollershutter take a bare 0–100 number as a percentage.
    var acceptsPercent: Bool { [.dimmer, .color, .rollershutter].contains(base) }
}

/// `21.5`, `21.5 °C` or `21.5°C`, as openHAB writes numbers and quantities.
enum NumberText {
    static func parse(_ raw: String) -> (Decimal, unit: String?)? {
        let scalars = Array(raw.unicodeScalars)
        let end = numberPrefixLength(scalars)
        guard end > 0,
            let value = Decimal(string: String(String.UnicodeScalarView(scalars[..<end])), locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        var unit = scalars[end...]
        if unit.isEmpty { return (value, nil) }
        if unit.first == " " { unit = unit.dropFirst() }
        // Units start with a letter or one of °, %, µ; anything else (a comma, a dash) is not a quantity.
        guard let first = unit.first, first.properties.isAlphabetic || "°%µ".unicodeScalars.contains(first) else { return nil }
        return (value, String(String.UnicodeScalarView(unit)))
    }

    /// Length of the leading `[+-]?digits[.digits][e[+-]digits]`, or 0 when there is no number.
    private static func numberPrefixLength(_ scalars: [Unicode.Scalar]) -> Int {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            return index - start
        }
        if index < scalars.count, "+-".unicodeScalars.contains(scalars[index]) { index += 1 }
        var mantissa = digits()
        if index < scalars.count, scalars[index] == "." {
            index += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return 0 }
        let beforeExponent = index
        if index < scalars.count, "eE".unicodeScalars.contains(scalars[index]) {
            index += 1
            if index < scalars.count, "+-".unicodeScalars.contains(scalars[index]) { index += 1 }
            if digits() == 0 { index = beforeExponent }
        }
        return index
    }
}
