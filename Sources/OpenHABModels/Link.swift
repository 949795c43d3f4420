/// A link between an item and a channel: commands to the item go to the channel, the channel's state to the item.
public struct Link: Codable, Sendable, Equatable {
    public var itemName: ItemName
    public var channelUID: ChannelUID
    /// Profile and its settings, e.g. `["profile": "system:follow"]`.
    public var configuration: [String: JSONValue]
    public var editable: Bool?

    public init(itemName: ItemName, channelUID: ChannelUID, configuration: [String: JSONValue] = [:]) {
        self.itemName = itemName
        self.channelUID = channelUID
        self.configuration = configuration
    }

    private enum CodingKeys: String, CodingKey {
        case itemName, channelUID, configuration, editable
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        itemName = try container.decode(ItemName.self, forKey: .itemName)
        channelUID = try container.decode(ChannelUID.self, forKey: .channelUID)
        configuration = try container.decodeIfPresent([String: JSONValue].self, forKey: .configuration) ?? [:]
        editable = try container.decodeIfPresent(Bool.self, forKey: .editable)
    }
}
