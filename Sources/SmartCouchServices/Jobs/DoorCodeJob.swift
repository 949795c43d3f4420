import Foundation
import Logging
import OpenHAB
import OpenHABModels
import SmartCouchDomain
import SmartCouchPersistence

/// Keeps every keypad lock's user codes what the stays say (`DOOR_CODES_SCHEDULE`): gives stays
/// without a live code one, moves and ends codes with their stays and the couch's settings, and
/// then reconciles each lock with work: its managed slots hold exactly the codes due now, decided
/// afresh from the stays and the lock as read, not from the codes' past states.
package struct DoorCodeJob: ScheduledJob {
    package let name = "door-codes"
    package let schedule: Schedule
    let codes: DoorCodeRepository
    let hubs: HubService
    let log: AccessLogRepository
    let secrets: SecretBox
    let meters: Meters
    let now: @Sendable () -> Date
    /// How long before its window a code is written: a lock that is slow to take it is ready in time.
    let ahead: TimeInterval = 120
    /// Locks worked on at once, and of those one host's at most: a host whose many locks sit on a
    /// slow hub holds up only their own.
    let concurrency = 8
    let concurrencyPerHost = 2

    package init(
        schedule: Schedule, codes: DoorCodeRepository, hubs: HubService, log: AccessLogRepository, secrets: SecretBox, meters: Meters = .none,
        now: @escaping @Sendable () -> Date
    ) {
        self.schedule = schedule
        self.meters = meters
        self.codes = codes
        self.hubs = hubs
        self.log = log
        self.secrets = secrets
        self.now = now
    }

    /// Returns a `DoorCodeRunSummary`.
    package func run(logger: Logger) async throws -> any Encodable & Sendable {
        var summary = DoorCodeRunSummary(planned: try await plan())
        try await codes.followStays(at: now())
        let locks = try await codes.locks(at: now(), ahead: ahead)
        summary.locks = locks.count
        var queue = FairQueue(locks, owner: \.ownerId, perOwner: concurrencyPerHost)
        await queue.drain(concurrency: concurrency, { lock in await pass(lock, logger: logger) }, done: { summary.add($0) })
        return summary
    }

    /// New codes for stays that lack one; a code that happens to equal one on its lock is drawn again.
    private func plan() async throws -> Int {
        var pending = try await codes.missing(at: now())
        var planned = 0
        for _ in 0..<3 where !pending.isEmpty {
            let new = try pending.map { wanted in
                let code = DoorCode.random(length: wanted.length)
                return DoorCodeRepository.NewCode(wanted: wanted, sealed: try secrets.seal(code), digest: secrets.digest(code))
            }
            let stored = try await codes.insert(new, at: now())
            planned += stored.count
            pending.removeAll { stored.contains([$0.stayId, $0.deviceId]) }
        }
        return planned
    }

    private func pass(_ lock: DoorCodeRepository.LockWork, logger: Logger) async -> LockPass.Outcome {
        let now = now()
        var pass = LockPass(lock: lock, now: now, ahead: ahead, nextRun: schedule.next(after: now), secrets: secrets)
        do {
            let hub = try await hubs.hub(for: lock.couchId)
            let uid = try ThingUID(lock.thingUID)
            try await pass.run(on: hub.client, uid: uid)
        } catch let error as OpenHABError {
            logger.notice("door codes: the hub of couch \(lock.couchId) failed on \(lock.thingUID): \(error)")
            pass.failAll(error.summary)
        } catch let error as AppError {
            pass.failAll(error.detail)
        } catch {
            pass.failAll("the lock could not be reached")
        }
        for event in pass.events {
            // "set code" → set: what was written to the lock, whether or not its record is stored below.
            let action = event.action.rawValue.prefix { $0 != " " }
            meters.count("smartcouch_door_code_writes_total", [("action", String(action)), ("outcome", event.failure == nil ? "ok" : "failed")])
        }
        do {
            for change in pass.changes.sorted(by: { $0.releases && !$1.releases }) {
                try await codes.update(
                    change.id, slot: change.slot, state: change.state, lastError: change.lastError, attempts: change.attempts,
                    nextAttemptAt: change.nextAttemptAt, at: pass.now)
            }
            for event in pass.events {
                try await log.append(.init(
                    couchId: lock.couchId, deviceId: lock.deviceId, actor: .job(name), action: event.action,
                    value: "slot \(event.slot)", outcome: event.failure == nil ? .ok : .failed, detail: event.detail), at: pass.now)
            }
        } catch {
            logger.warning("door codes: the outcome on \(lock.thingUID) of couch \(lock.couchId) could not be stored: \(error)")
            return .init(failed: true)
        }
        return pass.outcome
    }
}

/// What a door-code run did.
package struct DoorCodeRunSummary: Codable, Sendable, Equatable {
    /// Codes made for new stays.
    package var planned: Int
    /// Locks looked at.
    package var locks = 0
    package var set = 0
    package var cleared = 0
    package var repaired = 0
    package var failed = 0

    init(planned: Int) {
        self.planned = planned
    }

    mutating func add(_ outcome: LockPass.Outcome) {
        set += outcome.set
        cleared += outcome.cleared
        repaired += outcome.repaired
        failed += outcome.failed ? 1 : 0
    }
}
