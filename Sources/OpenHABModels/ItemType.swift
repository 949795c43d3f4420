/// An item type as openHAB spells it: `Switch`, `Number`, `Number:Temperature`, … (case-sensitive).
public struct ItemType: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Base: String, Sendable, CaseIterable {
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

    public let base: Base
    /// The unit dimension of a `Number:<Dimension>` item, such as `Temperature`.
    public let dimension: String?

    public init(_ base: Base, dimension: String? = nil) {
        self.base = base
        self.dimension = base == .number ? dimension : nil
    }

    public init?(rawValue: String) {
        let parts = rawValue.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let base = Base(rawValue: String(parts[0])) else { return nil }
        if parts.count == 2 {
            guard base == .number, !parts[1].isEmpty else { return nil }
            self.init(.number, dimension: String(parts[1]))
        } else {
            self.init(base)
        }
    }

    public var rawValue: String {
        dimension.map { "\(base.rawValue):\($0)" } ?? base.rawValue
    }

    public var description: String { rawValue }

    public static let `switch` = ItemType(.switch)
    public static let contact = ItemType(.contact)
    public static let number = ItemType(.number)
    public static let string = ItemType(.string)
    public static let dimmer = ItemType(.dimmer)
    public static let rollershutter = ItemType(.rollershutter)
    public static let group = ItemType(.group)
    public static let temperature = ItemType(.number, dimension: "Temperature")
}
