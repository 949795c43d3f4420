import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// `Idempotency-Key`s and the responses they were first answered with. Every method runs on the
/// connection of the transaction that does the keyed work, so a key, the work and the recorded
/// response commit or vanish together.
package struct IdempotencyRepository: Sendable {
    let logger: Logger

    package init(logger: Logger) {
        self.logger = logger
    }

    package enum ClaimOutcome: Sendable {
        /// The key is this transaction's until it commits; concurrent claims of it wait.
        case claimed
        /// A committed request holds the key: what it was and how it was answered.
        case taken(fingerprint: String, response: RecordedResponse)
    }

    /// Claims the key, or reports who holds it. An expired holder is replaced. A concurrent
    /// transaction claiming the same key makes this wait until it commits (then the key is taken)
    /// or rolls back (then it is claimed here).
    package func claim(_ claim: IdempotencyClaim, on connection: PostgresConnection) async throws -> ClaimOutcome {
        try await purgeExpired(before: claim.expiredBefore, on: connection)
        let won = try await connection.waitingForOutcome(logger: logger) {
            let claimed = try await connection.query(
                """
                INSERT INTO idempotency_keys (user_id, key, fingerprint, created_at)
                VALUES (\(claim.userId), \(claim.key), \(claim.fingerprint), \(claim.claimedAt))
                ON CONFLICT (user_id, key) DO UPDATE
                    SET fingerprint = excluded.fingerprint, created_at = excluded.created_at,
                        response_status = NULL, response_body = NULL
                    WHERE idempotency_keys.created_at < \(claim.expiredBefore)
                RETURNING 1
                """, logger: logger)
            for try await _ in claimed { return true }
            return false
        }
        if won { return .claimed }
        // A new statement sees what the transaction we waited for committed.
        let rows = try await connection.query(
            """
            SELECT fingerprint, response_status, response_body FROM idempotency_keys
            WHERE user_id = \(claim.userId) AND key = \(claim.key)
            """, logger: logger)
        for try await (fingerprint, status, body) in rows.decode((String, Int, ByteBuffer).self) {
            return .taken(fingerprint: fingerprint, response: RecordedResponse(status: status, body: Data(body.readableBytesView)))
        }
        // Only a cleanup that removed the key in between; the client's retry claims it anew.
        throw MissingRow("the read of an idempotency key another request holds")
    }

    /// Records the response to the request that claimed the key.
    package func record(_ response: RecordedResponse, for claim: IdempotencyClaim, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            UPDATE idempotency_keys SET response_status = \(response.status), response_body = \(ByteBuffer(bytes: response.body))
            WHERE user_id = \(claim.userId) AND key = \(claim.key)
            """, logger: logger)
    }

    /// Deletes a bounded number of expired keys, so cleaning up stays cheap and needs no scheduled
    /// job. Keys another transaction holds are skipped rather than waited for.
    private func purgeExpired(before cutoff: Date, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            DELETE FROM idempotency_keys WHERE (user_id, key) IN (
                SELECT user_id, key FROM idempotency_keys WHERE created_at < \(cutoff)
                ORDER BY created_at LIMIT 100 FOR UPDATE SKIP LOCKED)
            """, logger: logger)
    }
}
