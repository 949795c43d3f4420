import Foundation

// The JSON shapes openHAB's REST API answers with. Optionals are omitted when nil, as openHAB's Gson does.

struct ItemDTO: Encodable, Sendable {
    var link: String?
    var state: String
    var unitSymbol: String?
    var stateDescription: StateDescriptionDTO?
    var lastState: String?
    var lastStateUpdate: Int64?
    var lastStateChange: Int64?
    var editable: Bool?
    var type: String
    var name: String
    var label: String?
    var category: String?
    var tags: [String]
    var groupNames: [String]
    var members: [ItemDTO]?
    var groupType: String?
    var function: SimulatorConfiguration.Item.GroupFunction?
    var metadata: [String: MetadataDTO]?
    /// `fields=`: openHAB sets every other field of the listed items to null, so only these are written.
    /// nil writes them all (group members always are).
    var onlyFields: Set<String>?

    /// What `staticDataOnly=true` keeps: whatever does not change with the items' states.
    static let staticFields: Set = [
        "name", "label", "type", "groupType", "function", "category", "editable", "groupNames", "link", "tags", "metadata",
        "commandDescription", "stateDescription"
    ]

    private enum CodingKeys: String, CodingKey {
        case link, state, unitSymbol, stateDescription, lastState, lastStateUpdate, lastStateChange, editable, type, name, label
        case category, tags, groupNames, members, groupType, function, metadata
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func put<Value: Encodable>(_ value: Value?, _ key: CodingKeys) throws {
            guard onlyFields?.contains(key.stringValue) ?? true else { return }
            try container.encodeIfPresent(value, forKey: key)
        }
        try put(link, .link)
        try put(state, .state)
        try put(unitSymbol, .unitSymbol)
        try put(stateDescription, .stateDescription)
        try put(lastState, .lastState)
        try put(lastStateUpdate, .lastStateUpdate)
        try put(lastStateChange, .lastStateChange)
        try put(editable, .editable)
        try put(type, .type)
        try put(name, .name)
        try put(label, .label)
        try put(category, .category)
        try put(tags, .tags)
        try put(groupNames, .groupNames)
        try put(members, .members)
        try put(groupType, .groupType)
        try put(function, .function)
        try put(metadata, .metadata)
    }
}

struct StateDescriptionDTO: Encodable, Sendable {
    struct Option: Encodable, Sendable {
        var value: String
        var label: String?
    }

    var minimum: Decimal?
    var maximum: Decimal?
    var step: Decimal?
    var pattern: String?
    var readOnly: Bool
    var options: [Option] = []
}

struct ThingDTO: Encodable, Sendable {
    var label: String?
    var configuration: [String: String]?
    var properties: [String: String]
    var UID: String
    var thingTypeUID: String
    var location: String?
    var channels: [ChannelDTO]?
    var statusInfo: StatusInfoDTO
    var editable: Bool
}

struct ChannelDTO: Encodable, Sendable {
    var linkedItems: [String]
    var uid: String
    var id: String
    var channelTypeUID: String
    var itemType: String
    var kind: String
    var label: String
    var defaultTags: [String]
    var properties: [String: String]
    var configuration: [String: String]
}

struct StatusInfoDTO: Codable, Sendable, Equatable {
    var status: String
    var statusDetail: String
    var description: String?
}

struct LinkDTO: Encodable, Sendable {
    var itemName: String
    var channelUID: String
    var configuration: [String: ConfigurationValue]
    var editable: Bool?
}

struct OrphanLinkDTO: Encodable, Sendable {
    var itemChannelLink: LinkDTO
    /// ITEM_MISSING, THING_CHANNEL_MISSING or ITEM_AND_THING_CHANNEL_MISSING.
    var problem: String
}

/// A value of an openHAB configuration (a link's, metadata's): a text, number or boolean, or a list of them.
indirect enum ConfigurationValue: Codable, Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case list([ConfigurationValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode([ConfigurationValue].self) {
            self = .list(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .list(let value): try container.encode(value)
        }
    }
}

/// The body `PUT /rest/links/{item}/{channel}` may carry.
struct LinkBody: Decodable, Sendable {
    var itemName: String?
    var channelUID: String?
    var configuration: [String: ConfigurationValue]?
}

/// One event on openHAB's event bus, as `/rest/events` sends it. `payload` is JSON text.
struct HubEvent: Encodable, Sendable {
    var topic: String
    var payload: String
    var type: String
}

enum JSON {
    static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        // The DTOs hold strings, numbers read from text and bounded doubles; encoding cannot fail.
        return try! encoder.encode(value)
    }

    static func string(_ value: some Encodable) -> String {
        String(decoding: encode(value), as: UTF8.self)
    }
}
