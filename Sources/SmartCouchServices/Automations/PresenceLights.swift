import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// Presence simulation's hand on a light: switching it on and putting it back, each claimed by a
/// row so that one server does it, through the one command path as the automation.
package struct PresenceLights: Sendable {
    let presence: PresenceRepository
    let commands: DeviceCommands
    let now: @Sendable () -> Date

    static let actor = DeviceCommands.Authority.automation("presence simulation")

    package init(presence: PresenceRepository, commands: DeviceCommands, now: @escaping @Sendable () -> Date) {
        self.presence = presence
        self.commands = commands
        self.now = now
    }

    /// What the light shows now, read from its hub, is what is put back. A switch-on the hub
    /// refused without sending is tried again by the next pass; one that may have reached the light
    /// (a timeout) stays claimed and is put back when its period ends, which costs an OFF to a
    /// light that is off and never leaves one on that the hub did switch late.
    func switchOn(_ device: UUID, of couchId: UUID) async throws {
        guard let item = try await presence.mainItem(couchId: couchId, deviceId: device) else { return }
        let before = Self.restorable(try await commands.liveState(itemId: item))
        let time = now()
        guard try await presence.claimSwitchingOn(couchId: couchId, deviceId: device, item: item, restore: before, at: time) else { return }
        do {
            _ = try await commands.set(itemId: item, to: "ON", as: Self.actor, reason: "presence simulation")
        } catch let refusal as AppError where Self.notSent.contains(refusal.kind) {
            try await presence.releaseSwitchingOn(couchId: couchId, deviceId: device, switchedAt: time)
            throw refusal
        }
    }

    /// Puts the light back as it was, if the simulation has it on; one that could not be is the
    /// next pass's to put back.
    package func putBack(_ device: UUID, of couchId: UUID, because reason: String) async throws {
        guard let switched = try await presence.claimPuttingBack(couchId: couchId, deviceId: device) else { return }
        do {
            _ = try await commands.set(itemId: switched.itemId, to: switched.restore, as: Self.actor, reason: reason)
        } catch {
            try await presence.stillSwitched(couchId: couchId, deviceId: device, switched)
            throw error
        }
    }

    /// Refusals that mean the command never left for the light.
    static let notSent: Set<AppError.Kind> = [.deviceOffline, .forbidden, .notFound, .validationFailed, .badRequest, .conflict]

    /// A state the light can be set back to: ON, OFF or a level; anything else (NULL, UNDEF) is off.
    static func restorable(_ state: String) -> String {
        state.wholeMatch(of: /ON|OFF|[0-9]{1,3}/) != nil ? state : "OFF"
    }
}
