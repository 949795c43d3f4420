import Foundation
import Logging
import SmartCouchDomain
import SmartCouchPersistence

/// Lets requests the host did not answer in time expire (`REQUEST_EXPIRY_SCHEDULE`), so that
/// their nights are free for search and availability; a booking of those nights expires them
/// itself, without waiting for this.
package struct RequestExpiryJob: ScheduledJob {
    package let name = "request-expiry"
    package let schedule: Schedule
    let reservations: ReservationRepository
    let now: @Sendable () -> Date

    package init(schedule: Schedule, reservations: ReservationRepository, now: @escaping @Sendable () -> Date) {
        self.schedule = schedule
        self.reservations = reservations
        self.now = now
    }

    package struct Summary: Codable, Sendable, Equatable {
        package var expired: Int
    }

    package func run(logger: Logger) async throws -> any Encodable & Sendable {
        Summary(expired: try await reservations.expireRequests(at: now()))
    }
}
