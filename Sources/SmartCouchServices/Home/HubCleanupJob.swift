import Foundation
import Logging
import SmartCouchDomain
import SmartCouchPersistence

/// Takes off hubs what device creations and deletions left there (`HUB_CLEANUP_SCHEDULE`): the
/// items of a creation that failed or died with its server, and of a deletion the hub did not
/// finish. Couches take turns, a few at a time, so one dead hub holds up only its own.
package struct HubCleanupJob: ScheduledJob {
    package let name = "hub-cleanup"
    package let schedule: Schedule
    let cleanups: HubCleanupRepository
    let cleaner: HubCleaner
    let hubs: HubService
    let now: @Sendable () -> Date
    /// Items looked at in one run; the rest wait for the next.
    let batch = 1000
    let concurrency = 8

    package init(schedule: Schedule, cleanups: HubCleanupRepository, cleaner: HubCleaner, hubs: HubService, now: @escaping @Sendable () -> Date) {
        self.schedule = schedule
        self.cleanups = cleanups
        self.cleaner = cleaner
        self.hubs = hubs
        self.now = now
    }

    package struct Summary: Codable, Sendable, Equatable {
        /// Items due when the run began.
        package var due = 0
        /// Of those, still on a hub (or on a hub that could not be reached).
        package var left = 0
    }

    package func run(logger: Logger) async throws -> any Encodable & Sendable {
        let due = try await cleanups.due(at: now(), limit: batch)
        var summary = Summary(due: due.count)
        let couches = Dictionary(grouping: due, by: \.couchId).map { (couchId: $0.key, items: $0.value) }
        var queue = FairQueue(couches, owner: \.couchId, perOwner: 1)
        await queue.drain(
            concurrency: concurrency,
            { couch in
                do {
                    return await cleaner.clean(couch.items, on: try await hubs.hub(for: couch.couchId))
                } catch {
                    logger.notice("hub cleanup: the hub of couch \(couch.couchId) cannot be used: \(error)")
                    return await cleaner.clean(couch.items, on: nil, unavailable: (error as? AppError)?.detail ?? "the hub cannot be used")
                }
            }, done: { summary.left += $0 })
        return summary
    }
}
