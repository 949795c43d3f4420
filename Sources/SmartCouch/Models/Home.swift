import Foundation

/// What a device on a couch is for; decides which channels fit it.
public enum DeviceType: String, Sendable, CaseIterable, Codable {
    case heating, cooling, weatherWatcher, lock

    /// openHAB item types of the channels a device of this type is made of.
    public var fittingItemTypes: Set<String> {
        switch self {
        case .heating, .cooling: ["Switch", "Number:Temperature"]
        case .lock: ["Switch", "Contact"]
        case .weatherWatcher: []
        }
    }
}

/// A device ("home configuration") attached to a couch and the openHAB items made for it.
public struct Device: Sendable, Equatable {
    public var id: UUID
    public var couchId: UUID
    public var name: String
    public var type: DeviceType
    public var thingUID: String?
    public var guestControllable: Bool
    public var items: [DeviceItem]
    public var createdAt: Date

    public var mainItem: DeviceItem? { items.first { $0.isMain } }
}

public struct DeviceItem: Sendable, Equatable {
    public var id: UUID
    public var deviceId: UUID
    public var itemName: String
    public var channelUID: String
    public var itemType: String
    public var label: String
    public var isMain: Bool
}

/// A couch's own hub as stored (the token stays sealed).
public struct HubRecord: Sendable {
    public var couchId: UUID
    public var baseURL: String
    public var sealedToken: Data
    public var status: HubStatus
}

public struct HubStatus: Sendable, Equatable {
    public var baseURL: String
    public var reachable: Bool
    public var version: String?
    public var lastError: String?
    public var checkedAt: Date
    /// True when this is the server's default hub rather than the couch's own.
    public var isDefault: Bool
}

public struct AccessGrant: Sendable, Equatable {
    public var id: UUID
    public var couchId: UUID
    public var userId: UUID
    public var startsAt: Date
    public var endsAt: Date
    public var createdBy: UUID
    public var createdAt: Date
    public var revokedAt: Date?
}

public struct AccessLogEntry: Sendable, Equatable {
    public enum Outcome: String, Sendable { case ok, denied, failed }

    public var id: UUID
    public var couchId: UUID
    public var deviceId: UUID?
    public var itemName: String?
    public var actorId: UUID?
    public var actorName: String?
    public var action: String
    public var value: String?
    public var outcome: Outcome
    public var detail: String?
    public var createdAt: Date
}
