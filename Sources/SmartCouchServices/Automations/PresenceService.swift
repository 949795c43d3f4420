import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// A couch's presence simulation, for its owner: what it is set to, tonight's plan, and the lights
/// it has on now.
package struct PresenceService: Sendable {
    let presence: PresenceRepository
    let devices: DeviceRepository
    let couches: CouchService
    let now: @Sendable () -> Date

    package init(presence: PresenceRepository, devices: DeviceRepository, couches: CouchService, now: @escaping @Sendable () -> Date) {
        self.presence = presence
        self.devices = devices
        self.couches = couches
        self.now = now
    }

    /// The simulation as the host writes it; what is left out keeps its current value.
    package struct Draft: Sendable {
        package var enabled: Bool?
        package var lightIds: [UUID]?
        package var from: String?
        package var until: String?
        package var maxOnMinutes: Int?

        package init(enabled: Bool?, lightIds: [UUID]?, from: String?, until: String?, maxOnMinutes: Int?) {
            self.enabled = enabled
            self.lightIds = lightIds
            self.from = from
            self.until = until
            self.maxOnMinutes = maxOnMinutes
        }
    }

    /// The simulation, its plan for the couch's current local evening (empty while off), and the
    /// lights it has on.
    package struct Shown: Sendable {
        package var simulation: PresenceSimulation
        package var tonight: [PresencePlan.Period]
        package var switchedOn: [UUID]
    }

    package func show(couchId: UUID, by principal: Principal) async throws -> Shown {
        try await show(of: couches.hosted(couchId, by: principal))
    }

    package func show(of hosted: HostedCouch) async throws -> Shown {
        try await shown(try await presence.simulation(couchId: hosted.id) ?? .unset(hosted.id), timeZone: hosted.couch.details.timeZone)
    }

    package func set(couchId: UUID, _ draft: Draft, by principal: Principal) async throws -> Shown {
        let couch = try await couches.owned(couchId, by: principal)
        let couchDevices = try await devices.onCouch(couchId)
        let changed = try await presence.change(couchId: couchId, at: now()) { current in
            var simulation = current ?? .unset(couchId)
            if current == nil { simulation.rules.seed = Int64.random(in: .min ... .max) }
            try Self.apply(draft, to: &simulation, lights: couchDevices)
            return simulation
        }
        guard changed else { throw AppError.invalid("lightIds", "a light was removed meanwhile; try again") }
        return try await shown(try await presence.simulation(couchId: couchId) ?? .unset(couchId), timeZone: couch.details.timeZone)
    }

    private func shown(_ simulation: PresenceSimulation, timeZone: String) async throws -> Shown {
        let zone = TimeZone(identifier: timeZone) ?? .gmt
        let time = now()
        let tonight = simulation.enabled ? PresencePlan(simulation.rules, on: CalendarDate(time, in: zone), in: zone).periods : []
        return Shown(simulation: simulation, tonight: tonight, switchedOn: try await presence.switchedOn(couchId: simulation.couchId))
    }

    /// Each field checked against the couch's devices; a light is a `light` device of the couch's.
    private static func apply(_ draft: Draft, to simulation: inout PresenceSimulation, lights couchDevices: [Device]) throws {
        var validation = Validation()
        var rules = simulation.rules
        if let enabled = draft.enabled { simulation.enabled = enabled }
        if let ids = draft.lightIds {
            if ids.count > PresencePlan.Rules.mostLights {
                validation.fail("lightIds", "may name at most \(PresencePlan.Rules.mostLights) lights")
            } else {
                validation.check(Set(ids).count == ids.count, "lightIds", "names a light twice")
                for id in ids where !couchDevices.contains(where: { $0.id == id && $0.type == .light && $0.mainItem != nil }) {
                    validation.fail("lightIds", "\(id.uuidString.lowercased()) is not a light of this couch")
                }
            }
            rules.lights = ids
        }
        if let from = draft.from {
            if let time = LocalTime(from) { rules.from = time } else { validation.fail("from", "must be the couch's local time as HH:MM") }
        }
        if let until = draft.until {
            if let time = LocalTime(until) { rules.until = time } else { validation.fail("until", "must be the couch's local time as HH:MM") }
        }
        if let minutes = draft.maxOnMinutes {
            validation.check(
                PresencePlan.Rules.onMinutes.contains(minutes), "maxOnMinutes",
                "must be from \(PresencePlan.Rules.onMinutes.lowerBound) to \(PresencePlan.Rules.onMinutes.upperBound)")
            rules.maxOnMinutes = minutes
        }
        let window = (rules.until.hour * 60 + rules.until.minute) - (rules.from.hour * 60 + rules.from.minute)
        validation.check(
            window >= PresencePlan.Rules.shortestWindow, "until",
            "must be at least \(PresencePlan.Rules.shortestWindow) minutes after from, on the same day")
        // A simulation whose last light was deleted stays on, with nothing to switch, until the host changes that.
        let choosing = draft.enabled == true || draft.lightIds != nil
        validation.check(
            !choosing || !simulation.enabled || !rules.lights.isEmpty, "lightIds", "names no light; the simulation has nothing to switch")
        try validation.finish()
        simulation.rules = rules
    }
}
