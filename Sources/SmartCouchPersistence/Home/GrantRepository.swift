import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

package struct GrantRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    private static let columns = "id, couch_id, user_id, starts_at, ends_at, created_by, created_at, revoked_at"

    package func create(couchId: UUID, userId: UUID, startsAt: Date, endsAt: Date, createdBy: UUID) async throws -> AccessGrant {
        try await grants(
            client.query(
                """
                INSERT INTO access_grants (couch_id, user_id, starts_at, ends_at, created_by)
                VALUES (\(couchId), \(userId), \(startsAt), \(endsAt), \(createdBy))
                RETURNING \(unescaped: Self.columns)
                """, logger: logger))[0]
    }

    package func find(id: UUID) async throws -> AccessGrant? {
        try await grants(client.query("SELECT \(unescaped: Self.columns) FROM access_grants WHERE id = \(id)", logger: logger)).first
    }

    package func onCouch(_ couchId: UUID) async throws -> [AccessGrant] {
        try await grants(
            client.query(
                """
                SELECT \(unescaped: Self.columns) FROM access_grants WHERE couch_id = \(couchId) ORDER BY starts_at, id
                """, logger: logger))
    }

    package func revoke(id: UUID, at time: Date) async throws {
        try await client.query("UPDATE access_grants SET revoked_at = \(time) WHERE id = \(id) AND revoked_at IS NULL", logger: logger)
    }

    private func grants(_ rows: PostgresRowSequence) async throws -> [AccessGrant] {
        var grants: [AccessGrant] = []
        for try await (id, couchId, userId, startsAt, endsAt, createdBy, createdAt, revokedAt)
            in rows.decode((UUID, UUID, UUID, Date, Date, UUID, Date, Date?).self)
        {
            grants.append(
                AccessGrant(
                    id: id, couchId: couchId, userId: userId, startsAt: startsAt, endsAt: endsAt,
                    createdBy: createdBy, createdAt: createdAt, revokedAt: revokedAt))
        }
        return grants
    }
}
