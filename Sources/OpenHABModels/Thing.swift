/// A physical device known to the hub, with the channels items can be linked to.
public struct Thing: Decodable, Sendable, Equatable {
    public var uid: ThingUID
    public var label: String?
    public var thingTypeUID: String
    public var bridgeUID: ThingUID?
    public var location: String?
    public var statusInfo: ThingStatusInfo
    /// Empty when the hub was asked for a summary.
    public var channels: [Channel]
    public var editable: Bool?
    /// The Thing's configuration parameters (a keypad lock's `usercode_code_N`); empty in a summary.
    public var configuration: [String: JSONValue]

    private enum CodingKeys: String, CodingKey {
        case uid = "UID"
        case label, thingTypeUID, bridgeUID, location, statusInfo, channels, editable, configuration
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uid = try container.decode(ThingUID.self, forKey: .uid)
        label = try container.decodeIfPresent(String.self, forKey: .label)
        thingTypeUID = try container.decode(String.self, forKey: .thingTypeUID)
        bridgeUID = try container.decodeIfPresent(ThingUID.self, forKey: .bridgeUID)
        location = try container.decodeIfPresent(String.self, forKey: .location)
        statusInfo = try container.decode(ThingStatusInfo.self, forKey: .statusInfo)
        channels = try container.decodeIfPresent([Channel].self, forKey: .channels) ?? []
        editable = try container.decodeIfPresent(Bool.self, forKey: .editable)
        configuration = try container.decodeIfPresent([String: JSONValue].self, forKey: .configuration) ?? [:]
    }

    /// A text parameter of the configuration, as the Z-Wave binding keeps user codes.
    public func text(_ parameter: String) -> String? {
        guard case .string(let value) = configuration[parameter] else { return nil }
        return value
    }
}

public struct ThingStatusInfo: Codable, Sendable, Equatable {
    public var status: ThingStatus
    /// `NONE`, `COMMUNICATION_ERROR`, `CONFIGURATION_ERROR`, … (open-ended, so kept as text).
    public var statusDetail: String
    public var description: String?
}

public enum ThingStatus: String, Codable, Sendable {
    case uninitialized = "UNINITIALIZED"
    case initializing = "INITIALIZING"
    case unknown = "UNKNOWN"
    case online = "ONLINE"
    case offline = "OFFLINE"
    case removing = "REMOVING"
    case removed = "REMOVED"
}

public struct Channel: Decodable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        case state = "STATE"
        case trigger = "TRIGGER"
    }

    public var uid: ChannelUID
    public var id: String
    public var channelTypeUID: String?
    /// Absent for trigger channels.
    public var itemType: ItemType?
    public var kind: Kind
    public var label: String?
    public var description: String?
    public var linkedItems: [ItemName]

    private enum CodingKeys: String, CodingKey {
        case uid, id, channelTypeUID, itemType, kind, label, description, linkedItems
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uid = try container.decode(ChannelUID.self, forKey: .uid)
        id = try container.decode(String.self, forKey: .id)
        channelTypeUID = try container.decodeIfPresent(String.self, forKey: .channelTypeUID)
        itemType = try container.decodeIfPresent(ItemType.self, forKey: .itemType)
        kind = try container.decode(Kind.self, forKey: .kind)
        label = try container.decodeIfPresent(String.self, forKey: .label)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        linkedItems = try container.decodeIfPresent([ItemName].self, forKey: .linkedItems) ?? []
    }
}
