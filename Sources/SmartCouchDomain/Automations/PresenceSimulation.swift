import Foundation

/// A couch's presence simulation as its host set it: off until the host turns it on.
package struct PresenceSimulation: Sendable, Equatable {
    package var couchId: UUID
    package var enabled: Bool
    package var rules: PresencePlan.Rules
    /// Nil until the host first sets it.
    package var updatedAt: Date?

    package init(couchId: UUID, enabled: Bool, rules: PresencePlan.Rules, updatedAt: Date?) {
        self.couchId = couchId
        self.enabled = enabled
        self.rules = rules
        self.updatedAt = updatedAt
    }

    /// An evening from six to half past eleven, no light on longer than an hour and a half.
    package static func unset(_ couchId: UUID) -> PresenceSimulation {
        PresenceSimulation(
            couchId: couchId, enabled: false,
            rules: PresencePlan.Rules(
                lights: [], from: LocalTime(hour: 18, minute: 0), until: LocalTime(hour: 23, minute: 30), maxOnMinutes: 90, seed: 0),
            updatedAt: nil)
    }
}
