import Logging
import PostgresNIO

extension PostgresConnection {
    /// Runs a statement whose rows nobody needs, to its end. PostgresNIO's `query` returns as soon
    /// as a statement's rows are described, before it has run: an error while running (a lock
    /// wait timed out, a row lock refused) travels with the rows, and rows dropped unread take it
    /// with them. A session-level lock that was never taken would then pass for one that was.
    func execute(_ query: PostgresQuery, logger: Logger) async throws {
        for try await _ in try await self.query(query, logger: logger) {}
    }
}
