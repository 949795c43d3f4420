import HTTPTransport
import Logging
import SmartCouchDomain
import SmartCouchPersistence

/// Ready means: the database answers and every migration on disk is applied.
package struct ReadinessService: Sendable {
    let migrations: MigrationRunner
    /// A database that accepts connections but does not answer would otherwise hold a probe for
    /// the pool's whole connect timeout; load balancers want a quick no.
    var timeout: Duration = .seconds(2)

    package init(migrations: MigrationRunner, timeout: Duration = .seconds(2)) {
        self.migrations = migrations
        self.timeout = timeout
    }

    /// Nil when ready, else why not.
    package func unreadyReason() async -> String? {
        do {
            let upToDate = try await withDeadline(timeout) { [migrations] in try await migrations.isUpToDate() }
            return upToDate ? nil : "database migrations are pending"
        } catch is DeadlineExceeded {
            return "the database did not answer within \(timeout)"
        } catch {
            return "the database is not reachable"
        }
    }
}
