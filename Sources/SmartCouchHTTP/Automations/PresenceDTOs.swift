import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

struct PresenceInput: Content {
    var enabled: Bool?
    var lightIds: [UUID]?
    var from: String?
    var until: String?
    var maxOnMinutes: Int?

    var draft: PresenceService.Draft {
        PresenceService.Draft(enabled: enabled, lightIds: lightIds, from: from, until: until, maxOnMinutes: maxOnMinutes)
    }
}

struct PresenceBody: Content {
    struct Period: Content {
        var deviceId: UUID
        var on: Date
        var off: Date
    }

    var couchId: UUID
    var enabled: Bool
    var lightIds: [UUID]
    var from: String
    var until: String
    var maxOnMinutes: Int
    var tonight: [Period]
    var switchedOn: [UUID]
    var updatedAt: Date?

    init(_ shown: PresenceService.Shown) {
        let simulation = shown.simulation
        couchId = simulation.couchId
        enabled = simulation.enabled
        lightIds = simulation.rules.lights
        from = simulation.rules.from.description
        until = simulation.rules.until.description
        maxOnMinutes = simulation.rules.maxOnMinutes
        tonight = shown.tonight.map { Period(deviceId: $0.light, on: $0.on, off: $0.off) }
        switchedOn = shown.switchedOn
        updatedAt = simulation.updatedAt
    }
}
