import Foundation

/// An item as `GET /rest/items` returns it. Absent fields are nil: openHAB omits what it does not know.
public struct Item: Decodable, Sendable, Equatable {
    public var name: ItemName
    public var type: ItemType
    public var label: String?
    public var category: String?
    public var state: State
    public var unitSymbol: String?
    public var stateDescription: StateDescription?
    public var tags: [String]
    public var groupNames: [String]
    /// Whether the item was made over REST (and can be changed there); absent in answers to `PUT`.
    public var editable: Bool?
    /// The base type of a Group item.
    public var groupType: ItemType?
    public var members: [Item]?
    public var lastState: State?
    public var lastStateUpdate: Date?
    public var lastStateChange: Date?

    private enum CodingKeys: String, CodingKey {
        case name, type, label, category, state, unitSymbol, stateDescription, tags, groupNames, editable
        case groupType, members, lastState, lastStateUpdate, lastStateChange
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(ItemName.self, forKey: .name)
        type = try container.decode(ItemType.self, forKey: .type)
        label = try container.decodeIfPresent(String.self, forKey: .label)
        category = try container.decodeIfPresent(String.self, forKey: .category)
        let stateType = type.base == .group ? (try container.decodeIfPresent(ItemType.self, forKey: .groupType) ?? type) : type
        state = State(parsing: try container.decode(String.self, forKey: .state), as: stateType)
        unitSymbol = try container.decodeIfPresent(String.self, forKey: .unitSymbol)
        stateDescription = try container.decodeIfPresent(StateDescription.self, forKey: .stateDescription)
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
        groupNames = try container.decodeIfPresent([String].self, forKey: .groupNames) ?? []
        editable = try container.decodeIfPresent(Bool.self, forKey: .editable)
        groupType = try container.decodeIfPresent(ItemType.self, forKey: .groupType)
        members = try container.decodeIfPresent([Item].self, forKey: .members)
        lastState = try container.decodeIfPresent(String.self, forKey: .lastState).map { State(parsing: $0, as: stateType) }
        lastStateUpdate = try container.decodeIfPresent(Int64.self, forKey: .lastStateUpdate).map(Date.init(epochMilliseconds:))
        lastStateChange = try container.decodeIfPresent(Int64.self, forKey: .lastStateChange).map(Date.init(epochMilliseconds:))
    }
}

public struct StateDescription: Codable, Sendable, Equatable {
    public struct Option: Codable, Sendable, Equatable {
        public var value: String
        public var label: String?
    }

    public var minimum: Decimal?
    public var maximum: Decimal?
    public var step: Decimal?
    public var pattern: String?
    public var readOnly: Bool?
    public var options: [Option]?
}

/// What `PUT /rest/items/{name}` creates or replaces. Only `name` and `type` are required by the hub.
public struct ItemDefinition: Encodable, Sendable, Equatable {
    public struct GroupFunction: Encodable, Sendable, Equatable {
        public var name: String
        public var params: [String]?

        public init(name: String, params: [String]? = nil) {
            self.name = name
            self.params = params
        }
    }

    public var name: ItemName
    public var type: ItemType
    public var label: String?
    public var category: String?
    public var tags: [String]
    public var groupNames: [String]
    public var groupType: ItemType?
    public var function: GroupFunction?

    public init(
        name: ItemName,
        type: ItemType,
        label: String? = nil,
        category: String? = nil,
        tags: [String] = [],
        groupNames: [String] = [],
        groupType: ItemType? = nil,
        function: GroupFunction? = nil
    ) {
        self.name = name
        self.type = type
        self.label = label
        self.category = category
        self.tags = tags
        self.groupNames = groupNames
        self.groupType = groupType
        self.function = function
    }
}

/// The answer to `PUT /rest/items/{name}`: the hub says whether the item is new (201) or replaced (200),
/// which tells a caller undoing its work whether the item is its own to delete.
public struct ItemPutResult: Sendable, Equatable {
    public var item: Item
    public var created: Bool

    package init(item: Item, created: Bool) {
        self.item = item
        self.created = created
    }
}

extension Date {
    init(epochMilliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(epochMilliseconds) / 1000)
    }
}
