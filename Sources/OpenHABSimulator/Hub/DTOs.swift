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

/// A link configuration value (profile names and their parameters are scalars).
enum ConfigurationValue: Codable, Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
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
