import Foundation
import Logging
import PostgresNIO

/// Conversations between two users about a couch.
public struct ConversationRepository: Sendable {
    let logger: Logger

    /// The id of the conversation two users have about a couch, started if they have none. Runs on
    /// the caller's connection, so it joins the caller's transaction (a booking opens the
    /// host–guest conversation together with the reservation).
    public func open(couchId: UUID, between first: UUID, and second: UUID, on connection: PostgresConnection) async throws -> UUID {
        // Two statements, not one: after waiting for a concurrent insert of the same pair, only a
        // new statement sees the row it committed.
        try await connection.query("""
            INSERT INTO conversations (couch_id, user_low, user_high)
            VALUES (\(couchId), least(\(first), \(second)), greatest(\(first), \(second)))
            ON CONFLICT (couch_id, user_low, user_high) DO NOTHING
            """, logger: logger)
        let rows = try await connection.query("""
            SELECT id FROM conversations
            WHERE couch_id = \(couchId) AND user_low = least(\(first), \(second)) AND user_high = greatest(\(first), \(second))
            """, logger: logger)
        for try await id in rows.decode(UUID.self) { return id }
        preconditionFailure("the conversation was just inserted or already existed")
    }
}
