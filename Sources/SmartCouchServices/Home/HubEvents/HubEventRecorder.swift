import Foundation
import Logging
import OpenHAB
import OpenHABModels
import SmartCouchDomain
import SmartCouchPersistence

/// What a hub's report means for SmartCouch: every device's last state, and a keypad lock's
/// notifications as access-log lines (whose stay's code opened the door, a hand on the lock, a
/// keypad locked out) and as the stay's check-in.
package struct HubEventRecorder: Sendable {
    let events: HubEventRepository
    let codes: DoorCodeRepository
    let stays: StayRepository
    let log: AccessLogRepository
    /// Rung after each report: what it changed may have made events.
    let written: WakeUp
    let logger: Logger
    let now: @Sendable () -> Date

    package init(
        events: HubEventRepository, codes: DoorCodeRepository, stays: StayRepository, log: AccessLogRepository, written: WakeUp,
        logger: Logger, now: @escaping @Sendable () -> Date
    ) {
        self.written = written
        self.events = events
        self.codes = codes
        self.stays = stays
        self.log = log
        self.logger = logger
        self.now = now
    }

    func record(_ update: ItemStateUpdate, of watched: HubEventRepository.WatchedItem) async throws {
        let time = now()
        defer { written.ring() }
        try await events.recordState(itemId: watched.item.id, state: update.state.rawValue, at: time)
        guard watched.isKeypad, watched.item.reportsLockEvents, let event = LockEvent(alarmRaw: update.state.rawValue) else { return }
        let line = try await self.line(for: event, on: watched, at: time)
        guard let line else { return }
        try await log.append(line, at: time)
        if event == .keypadDisabled {
            logger.warning("the keypad of device \(watched.deviceId) on couch \(watched.couchId) locked itself out after wrong codes")
        }
    }

    /// A state read from the hub rather than reported: stored as the item's last state, never
    /// read as a lock's notification (an old one would log a door opening again).
    func recordCurrent(_ state: State, of watched: HubEventRepository.WatchedItem) async throws {
        defer { written.ring() }
        try await events.recordState(itemId: watched.item.id, state: state.rawValue, at: now())
    }

    private func line(for event: LockEvent, on watched: HubEventRepository.WatchedItem, at time: Date) async throws -> AccessLogRepository.NewEntry? {
        func entry(
            _ actor: Actor, _ action: AccessAction, value: String? = nil, outcome: AccessLogEntry.Outcome = .ok, detail: String? = nil,
            stayId: UUID? = nil
        ) -> AccessLogRepository.NewEntry {
            .init(
                couchId: watched.couchId, deviceId: watched.deviceId, itemName: watched.item.itemName, actor: actor, action: action,
                value: value, outcome: outcome, detail: detail, stayId: stayId)
        }
        let someone = Actor.atDoor(userId: nil, name: "someone at the door")
        switch event {
        case .keypadUnlock(let slot):
            guard let holder = try await codes.holder(deviceId: watched.deviceId, slot: slot) else {
                return entry(
                    .atDoor(userId: nil, name: "a code of the host's own"), .unlockWithCode, value: "slot \(slot)",
                    detail: "opened with a code SmartCouch does not manage")
            }
            let stay = holder.stayId.uuidString.lowercased()
            guard holder.live, (holder.validFrom..<holder.validUntil).contains(time) else {
                // The code was still on the lock (its stay cancelled, checked out or moved, and the job
                // not yet past): the host must see it, and it checks nobody in.
                logger.warning("a code opened device \(watched.deviceId) on couch \(watched.couchId) outside its window (stay \(stay))")
                return entry(
                    .atDoor(userId: holder.guestId, name: holder.guestName), .unlockOutsideWindow, value: "slot \(slot)",
                    detail:
                        "opened with the code of stay \(stay), whose window is \(holder.validFrom.ISO8601Format()) to \(holder.validUntil.ISO8601Format())",
                    stayId: holder.stayId)
            }
            _ = try await stays.checkIn(stayId: holder.stayId, couchId: holder.couchId, via: .code, at: time)
            return entry(
                .atDoor(userId: holder.guestId, name: holder.guestName), .unlockWithCode, value: "slot \(slot)",
                detail: "opened with the code of stay \(stay)", stayId: holder.stayId)
        case .manualUnlock:
            return entry(someone, .unlockByHand)
        case .manualLock:
            return entry(someone, .lockByHand)
        case .keypadLock:
            return entry(someone, .lockAtKeypad)
        case .keypadDisabled:
            return entry(someone, .keypadDisabled, outcome: .denied, detail: "too many wrong codes: the keypad refuses every code for a while")
        case .remoteLock, .remoteUnlock:
            // A command through the hub: its own line is already in the log.
            return nil
        }
    }
}
