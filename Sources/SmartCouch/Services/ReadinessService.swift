import Logging
import PostgresNIO

/// Ready means: the database answers and every migration on disk is applied.
public struct ReadinessService: Sendable {
    let migrations: MigrationRunner

    /// Nil when ready, else why not.
    public func unreadyReason() async -> String? {
        do {
            return try await migrations.isUpToDate() ? nil : "database migrations are pending"
        } catch {
            return "the database is not reachable"
        }
    }
}
