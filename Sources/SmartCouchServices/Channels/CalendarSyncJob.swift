import Foundation
import Logging
import SmartCouchDomain

/// Fetches every imported channel calendar on its schedule (`CALENDAR_SYNC_SCHEDULE`).
package struct CalendarSyncJob: ScheduledJob {
    package let name = "calendar-sync"
    package let schedule: Schedule
    let feeds: CalendarFeedService

    package init(schedule: Schedule, feeds: CalendarFeedService) {
        self.schedule = schedule
        self.feeds = feeds
    }

    /// Returns a `CalendarSyncSummary`.
    package func run(logger: Logger) async throws -> any Encodable & Sendable {
        try await feeds.syncAll(logger: logger)
    }
}

/// What a calendar-sync run did: feeds due (those backing off after failures are not), feeds whose
/// events changed, feeds that could not be synced (a failed fetch is recorded on its feed and
/// counts as synced), feeds left for the next run when this one ran out of time.
package struct CalendarSyncSummary: Codable, Sendable, Equatable {
    package var feeds: Int
    package var changed = 0
    package var failed = 0
    package var deferred = 0

    package init(feeds: Int) {
        self.feeds = feeds
    }
}
