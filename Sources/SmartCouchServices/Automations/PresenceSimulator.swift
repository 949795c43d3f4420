import Foundation
import Logging
import ServiceLifecycle
import SmartCouchDomain
import SmartCouchPersistence

/// Makes empty couches look lived in: every tick, each couch whose host turned the simulation on
/// and that stands empty has the lights its evening's plan has on now switched on, and every light
/// it switched that the plan (or a stay that began, or the host) no longer wants is put back as it
/// was. Each switch and each putting back is claimed by one row, so one server does it.
package actor PresenceSimulator: Service {
    let presence: PresenceRepository
    let lights: PresenceLights
    let settings: AutomationSettings
    let logger: Logger
    let now: @Sendable () -> Date

    package init(
        presence: PresenceRepository, lights: PresenceLights, settings: AutomationSettings, logger: Logger, now: @escaping @Sendable () -> Date
    ) {
        self.presence = presence
        self.lights = lights
        self.settings = settings
        self.logger = logger
        self.now = now
    }

    /// In the server's services only when automations are on (`settings.enabled`).
    package func run() async {
        await repeating(every: settings.tick, logger: logger, failure: "presence simulation: the couches could not be read") {
            try await self.pass()
        }
    }

    /// One pass over every couch the simulation looks after; its switches run at once, and the
    /// pass ends when they have.
    func pass() async throws {
        let time = now()
        let couches = try await presence.watched(at: time)
        await withDiscardingTaskGroup { group in
            for couch in couches {
                let wanted = Self.wanted(couch, at: time)
                for device in wanted.subtracting(couch.switchedOn) {
                    group.addTask { await self.switchOn(device, of: couch.simulation.couchId) }
                }
                for device in couch.switchedOn.subtracting(wanted) {
                    group.addTask { await self.putBack(device, of: couch.simulation.couchId) }
                }
            }
        }
    }

    /// The lights that should be on now: none unless the simulation is on and the couch is empty.
    static func wanted(_ couch: PresenceRepository.Watched, at time: Date) -> Set<UUID> {
        guard couch.simulation.enabled, couch.vacant else { return [] }
        let zone = TimeZone(identifier: couch.timeZone) ?? .gmt
        return PresencePlan(couch.simulation.rules, on: CalendarDate(time, in: zone), in: zone).lightsOn(at: time)
            .intersection(couch.simulation.rules.lights)
    }
}

extension PresenceSimulator {
    private func switchOn(_ device: UUID, of couchId: UUID) async {
        do {
            try await DatabaseWork.$current.withValue(.job) { try await lights.switchOn(device, of: couchId) }
        } catch {
            logger.warning("presence simulation: light \(device) of couch \(couchId) did not come on: \(error)")
        }
    }

    private func putBack(_ device: UUID, of couchId: UUID) async {
        do {
            try await DatabaseWork.$current.withValue(.job) { try await lights.putBack(device, of: couchId, because: "presence simulation ends") }
        } catch {
            logger.warning("presence simulation: light \(device) of couch \(couchId) was not put back; the next pass tries again: \(error)")
        }
    }
}
