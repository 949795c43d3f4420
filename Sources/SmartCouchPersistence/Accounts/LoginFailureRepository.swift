import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// Failed logins, counted per email and per client address to slow down password guessing.
package struct LoginFailureRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// When a further attempt becomes allowed, or nil if it is allowed now: the moment the oldest of
    /// the email's last `limits.email` failures leaves the window, or of the address's last
    /// `limits.address`, whichever is later.
    package func blockedUntil(email: String, address: String, limits: (email: Int, address: Int), window: TimeInterval, now: Date) async throws
        -> Date?
    {
        let since = now.addingTimeInterval(-window)
        let rows = try await client.query(
            """
            SELECT max(expires) FROM (
                (SELECT failed_at + \(window) * interval '1 second' AS expires FROM login_failures
                 WHERE email = \(email) AND failed_at > \(since) ORDER BY failed_at DESC OFFSET \(limits.email - 1) LIMIT 1)
                UNION ALL
                (SELECT failed_at + \(window) * interval '1 second' FROM login_failures
                 WHERE address = \(address) AND failed_at > \(since) ORDER BY failed_at DESC OFFSET \(limits.address - 1) LIMIT 1)
            ) AS blocking
            """, logger: logger)
        for try await until in rows.decode(Date?.self) { return until }
        return nil
    }

    package func record(email: String, address: String, at time: Date) async throws {
        try await client.query("INSERT INTO login_failures (email, address, failed_at) VALUES (\(email), \(address), \(time))", logger: logger)
    }

    /// A successful login forgives the failures of that email from that address, and no others: a
    /// stranger's guesses from elsewhere still count against the stranger. Old rows of anyone are
    /// dropped on the way.
    package func clear(email: String, address: String, olderThan cutoff: Date) async throws {
        try await client.query(
            "DELETE FROM login_failures WHERE (email = \(email) AND address = \(address)) OR failed_at < \(cutoff)", logger: logger)
    }
}
