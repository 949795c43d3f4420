import Foundation
import Logging
import OpenHAB
import OpenHABModels
import SmartCouchDomain
import SmartCouchPersistence

/// Keeps keypad locks' user codes what the stays say, for every couch (the scheduled job) or for
/// one whose stays just changed: gives stays without a live code one, moves and ends codes with
/// their stays and the couch's settings, and then reconciles each lock with work: its managed
/// slots hold exactly the codes due now, decided afresh from the stays and the lock as read, not
/// from the codes' past states.
///
/// One pass over a lock at a time anywhere: a pass holds the lock's advisory lock and reads the
/// lock's codes only once it has it, so it never works from what another pass has since changed.
package struct DoorCodePasses: Sendable {
    let schedule: Schedule
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
    /// Passes at once across every run (the scheduled job's and those following stays' changes): a
    /// pass holds a connection for its lock's advisory lock and works on another, and passes that
    /// held all the pool's connections would each wait for a second one that never comes.
    let passing: Permits
    /// How long after a write the hub timed out on the lock is read again to settle it.
    let settle: Duration

    /// `schedule`: the scheduled job's, whose next run tries a failed code again. `poolSize`: the
    /// database pool's connections, of which three are left to what else holds one while it waits
    /// (the event listener, a running job's own lock) and to requests.
    package init(
        schedule: Schedule, codes: DoorCodeRepository, hubs: HubService, log: AccessLogRepository, secrets: SecretBox, meters: Meters = .none,
        settle: Duration, poolSize: Int, now: @escaping @Sendable () -> Date
    ) {
        passing = Permits(min(concurrency, (poolSize - 3) / 2))
        self.schedule = schedule
        self.settle = settle
        self.meters = meters
        self.codes = codes
        self.hubs = hubs
        self.log = log
        self.secrets = secrets
        self.now = now
    }

    /// Whether a lock another pass is working on is waited for, or left to that pass.
    package enum Busy: Sendable {
        /// The scheduled job: the pass under way has read the stays at least as recently.
        case skip
        /// A stay just changed: the pass under way may have read the stays before the change.
        case wait(Duration)
    }

    /// Every couch's locks when `couchId` is nil, else that couch's.
    package func run(couchId: UUID?, busy: Busy, logger: Logger) async throws -> DoorCodeRunSummary {
        var summary = DoorCodeRunSummary(planned: try await plan(couchId: couchId))
        try await codes.followStays(at: now(), couchId: couchId)
        let locks = try await codes.locks(at: now(), ahead: ahead, couchId: couchId)
        summary.locks = locks.count
        var queue = FairQueue(locks, owner: \.ownerId, perOwner: concurrencyPerHost)
        await queue.drain(concurrency: concurrency, { lock in await exclusive(lock, busy: busy, logger: logger) }, done: { summary.add($0) })
        return summary
    }

    /// New codes for stays that lack one; a code that happens to equal one on its lock is drawn again.
    private func plan(couchId: UUID?) async throws -> Int {
        var pending = try await codes.missing(at: now(), couchId: couchId)
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

    /// The pass over `lock` under its advisory lock, on the lock's codes as they are once it holds it.
    private func exclusive(_ lock: DoorCodeRepository.LockWork, busy: Busy, logger: Logger) async -> LockPass.Outcome {
        let start = ContinuousClock.now
        do {
            while true {
                // Held only while the lock's connection is: a pass waiting for another one sleeps without it.
                let outcome = try await passing.holding {
                    try await codes.whilePassing(lock) { () async throws -> LockPass.Outcome in
                        let fresh = try await codes.locks(at: now(), ahead: ahead, couchId: lock.couchId).first { $0.thingUID == lock.thingUID }
                        guard let fresh else { return LockPass.Outcome() }
                        return await pass(fresh, logger: logger)
                    }
                }
                if let outcome { return outcome }
                guard case .wait(let patience) = busy, ContinuousClock.now - start < patience else {
                    logger.debug("door codes: \(lock.thingUID) of couch \(lock.couchId) is being worked on by another pass")
                    return LockPass.Outcome()
                }
                try await Task.sleep(for: .milliseconds(50))
            }
        } catch {
            logger.warning("door codes: \(lock.thingUID) of couch \(lock.couchId) could not be worked on: \(error)")
            return LockPass.Outcome(failed: true)
        }
    }

    private func pass(_ lock: DoorCodeRepository.LockWork, logger: Logger) async -> LockPass.Outcome {
        let now = now()
        var pass = LockPass(lock: lock, now: now, ahead: ahead, nextRun: schedule.next(after: now), secrets: secrets)
        do {
            let hub = try await hubs.hub(for: lock.couchId)
            let uid = try ThingUID(lock.thingUID)
            try await pass.run(on: hub.client, uid: uid, readAgainAfter: settle)
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
                try await log.append(
                    .init(
                        couchId: lock.couchId, deviceId: lock.deviceId, actor: .job(DoorCodeJob.name), action: event.action,
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
