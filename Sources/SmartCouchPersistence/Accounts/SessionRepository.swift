import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// Refresh tokens, stored only as hashes.
package struct SessionRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    package struct Session: Sendable {
        package var id: UUID
        package var familyId: UUID
        package var userId: UUID
        package var authenticatedAt: Date

        package init(id: UUID, familyId: UUID, userId: UUID, authenticatedAt: Date) {
            self.id = id
            self.familyId = familyId
            self.userId = userId
            self.authenticatedAt = authenticatedAt
        }
    }

    package enum RotateOutcome: Sendable {
        case rotated(Session)
        /// The token was already rotated: someone holds a copy. Its family is now revoked.
        case reused
        case invalid
    }

    package enum CurrentOutcome: Sendable {
        case live(Session)
        /// The token was rotated since: someone holds a copy. Its family is now revoked.
        case reused
        case invalid
    }

    package func create(familyId: UUID, userId: UUID, tokenHash: Data, authenticatedAt: Date, expiresAt: Date) async throws -> Session {
        try await Self.insert(
            on: { try await client.query($0, logger: $1) }, familyId: familyId, userId: userId, tokenHash: tokenHash,
            authenticatedAt: authenticatedAt, expiresAt: expiresAt, logger: logger)
    }

    /// Exchanges a live refresh token for a new one in the same family, atomically: of two
    /// concurrent refreshes with one token, one wins and the other counts as reuse.
    package func rotate(tokenHash: Data, newTokenHash: Data, now: Date, expiresAt: Date) async throws -> RotateOutcome {
        try await client.transaction(logger: logger) { connection in
            let claimed = try await connection.query(
                """
                UPDATE sessions SET rotated_at = \(now)
                WHERE token_hash = \(ByteBuffer(data: tokenHash)) AND rotated_at IS NULL AND revoked_at IS NULL AND expires_at > \(now)
                RETURNING family_id, user_id, authenticated_at
                """, logger: logger)
            for try await (familyId, userId, authenticatedAt) in claimed.decode((UUID, UUID, Date).self) {
                let session = try await Self.insert(
                    on: { try await connection.query($0, logger: $1) }, familyId: familyId, userId: userId,
                    tokenHash: newTokenHash, authenticatedAt: authenticatedAt, expiresAt: expiresAt, logger: logger)
                return .rotated(session)
            }
            let reused = try await connection.query(
                """
                UPDATE sessions SET revoked_at = \(now)
                WHERE revoked_at IS NULL AND family_id = (
                    SELECT family_id FROM sessions WHERE token_hash = \(ByteBuffer(data: tokenHash)) AND rotated_at IS NOT NULL)
                RETURNING id
                """, logger: logger)
            for try await _ in reused { return .reused }
            return .invalid
        }
    }

    /// The live session a browser's token names, without rotating it: a browser sends its token
    /// with every page and the live stream at once, where a rotation per request would make the
    /// browser's own requests count as reuse. A token already rotated is reuse, as for a refresh:
    /// its family is revoked.
    package func current(tokenHash: Data, now: Date) async throws -> CurrentOutcome {
        for found in try await client.prepared(CurrentSession(hash: ByteBuffer(data: tokenHash), now: now), logger: logger) {
            if found.live { return .live(found.session) }
            return found.rotated ? .reused : .invalid
        }
        return .invalid
    }

    /// `current`'s statement, asked by every console page and its live stream.
    private struct CurrentSession: PostgresPreparedStatement {
        static let name = "current_session"
        static let sql = """
            WITH found AS (
                SELECT id, family_id, user_id, authenticated_at, rotated_at IS NULL AND revoked_at IS NULL AND expires_at > $2 AS live,
                    rotated_at IS NOT NULL AS rotated
                FROM sessions WHERE token_hash = $1
            ), revoked AS (
                UPDATE sessions SET revoked_at = $2
                WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM found WHERE rotated)
                RETURNING id
            )
            SELECT id, family_id, user_id, authenticated_at, live, rotated FROM found
            """
        static let bindingDataTypes: [PostgresDataType] = [.bytea, .timestamptz]

        var hash: ByteBuffer
        var now: Date

        func makeBindings() -> PostgresBindings { PostgresBindings(hash, now) }

        func decodeRow(_ row: PostgresRow) throws -> (session: Session, live: Bool, rotated: Bool) {
            let (id, familyId, userId, authenticatedAt, live, rotated) = try row.decode((UUID, UUID, UUID, Date, Bool, Bool).self)
            return (Session(id: id, familyId: familyId, userId: userId, authenticatedAt: authenticatedAt), live, rotated)
        }
    }

    package func revokeFamily(_ familyId: UUID, userId: UUID, now: Date) async throws {
        try await client.query(
            """
            UPDATE sessions SET revoked_at = \(now) WHERE family_id = \(familyId) AND user_id = \(userId) AND revoked_at IS NULL
            """, logger: logger)
    }

    package func revokeAll(userId: UUID, now: Date) async throws {
        try await client.query("UPDATE sessions SET revoked_at = \(now) WHERE user_id = \(userId) AND revoked_at IS NULL", logger: logger)
    }

    private static func insert(
        on query: (PostgresQuery, Logger) async throws -> PostgresRowSequence,
        familyId: UUID, userId: UUID, tokenHash: Data, authenticatedAt: Date, expiresAt: Date, logger: Logger
    ) async throws -> Session {
        let rows = try await query(
            """
            INSERT INTO sessions (family_id, user_id, token_hash, authenticated_at, expires_at)
            VALUES (\(familyId), \(userId), \(ByteBuffer(data: tokenHash)), \(authenticatedAt), \(expiresAt))
            RETURNING id
            """, logger)
        for try await id in rows.decode(UUID.self) {
            return Session(id: id, familyId: familyId, userId: userId, authenticatedAt: authenticatedAt)
        }
        throw MissingRow("an INSERT … RETURNING")
    }
}
