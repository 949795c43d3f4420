import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

package struct UserRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    package enum CreateOutcome: Sendable {
        case created(User)
        case emailTaken
        case externalIdTaken
    }

    package func create(email: String, name: String, passwordHash: String, externalId: String?) async throws -> CreateOutcome {
        do {
            let rows = try await client.query(
                """
                INSERT INTO users (email, name, password_hash, external_id)
                VALUES (\(email), \(name), \(passwordHash), \(externalId))
                RETURNING \(unescaped: Self.columns)
                """, logger: logger)
            return .created(try await users(rows)[0])
        } catch let error as PSQLError where error.isUniqueViolation {
            return error.constraintName == "users_external_id_key" ? .externalIdTaken : .emailTaken
        }
    }

    package func find(id: UUID) async throws -> User? {
        try await users(client.query("SELECT \(unescaped: Self.columns) FROM users WHERE id = \(id)", logger: logger)).first
    }

    package func find(externalId: String) async throws -> User? {
        try await users(client.query("SELECT \(unescaped: Self.columns) FROM users WHERE external_id = \(externalId)", logger: logger)).first
    }

    /// The user and the stored password hash, for checking a login.
    package func credentials(email: String) async throws -> (User, passwordHash: String)? {
        let rows = try await client.query(
            """
            SELECT \(unescaped: Self.columns), password_hash FROM users WHERE lower(email) = lower(\(email))
            """, logger: logger)
        for try await (id, email, name, externalId, isAdmin, createdAt, hash) in rows.decode((UUID, String, String, String?, Bool, Date, String).self)
        {
            return (Self.user((id, email, name, externalId, isAdmin, createdAt)), hash)
        }
        return nil
    }

    /// A page of users in id order, after the cursor.
    package func all(limit: Int, after cursor: UUID?) async throws -> [User] {
        try await users(
            client.query(
                """
                SELECT \(unescaped: Self.columns) FROM users
                WHERE \(cursor)::uuid IS NULL OR id > \(cursor)
                ORDER BY id LIMIT \(limit)
                """, logger: logger))
    }

    /// Returns false when no user has that email.
    package func promote(email: String) async throws -> Bool {
        let rows = try await client.query("UPDATE users SET is_admin = true WHERE lower(email) = lower(\(email)) RETURNING id", logger: logger)
        for try await _ in rows { return true }
        return false
    }

    private static let columns = "id, email, name, external_id, is_admin, created_at"

    private func users(_ rows: PostgresRowSequence) async throws -> [User] {
        var users: [User] = []
        for try await row in rows.decode((UUID, String, String, String?, Bool, Date).self) { users.append(Self.user(row)) }
        return users
    }

    private static func user(_ row: (UUID, String, String, String?, Bool, Date)) -> User {
        User(
            id: row.0, email: row.1, name: row.2, externalId: row.3,
            isAdmin: row.4, createdAt: row.5)
    }
}
