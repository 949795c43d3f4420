import Foundation

/// Which hub a Thing is on, for the rule that a Thing serves one couch: the operator's shared hub,
/// or the hub a host brought (a host's own hubs are told apart by their address).
package enum HubScope: Sendable, Hashable {
    case shared
    case own(hostId: UUID, baseURL: String)

    package var key: String {
        switch self {
        case .shared: "default"
        case .own(let hostId, let baseURL): "\(hostId) \(baseURL)"
        }
    }
}

/// A Thing of the shared hub that an operator gave to a couch.
package struct ThingAssignment: Sendable, Equatable {
    package var thingUID: String
    package var couchId: UUID
    package var assignedAt: Date

    package init(thingUID: String, couchId: UUID, assignedAt: Date) {
        self.thingUID = thingUID
        self.couchId = couchId
        self.assignedAt = assignedAt
    }
}
