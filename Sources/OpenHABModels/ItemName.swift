/// An item name as openHAB accepts it for new items: `[a-zA-Z_][a-zA-Z0-9_]*`.
public struct ItemName: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(_ name: String) throws(OpenHABValueError) {
        guard Self.isValid(name) else { throw .invalidItemName(name) }
        rawValue = name
    }

    public init?(rawValue: String) {
        guard let name = try? ItemName(rawValue) else { return nil }
        self = name
    }

    public var description: String { rawValue }

    static func isValid(_ name: String) -> Bool {
        guard let first = name.utf8.first, first.isASCIILetter || first == UInt8(ascii: "_") else { return false }
        return name.utf8.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "_") }
    }
}

extension UInt8 {
    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
    /// Java's `\w`, which openHAB's UID segments are made of.
    var isWordCharacter: Bool { isASCIILetter || isASCIIDigit || self == UInt8(ascii: "_") }
}
