import Crypto
import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// One file of `migrations/`: `NNNN_name.sql`.
package struct Migration: Sendable, Equatable {
    package var version: Int
    package var name: String
    package var sql: String
    package var checksum: String

    package init(version: Int, name: String, sql: String, checksum: String) {
        self.version = version
        self.name = name
        self.sql = sql
        self.checksum = checksum
    }

    /// Reads and orders the migration files; anything else in the directory is a mistake worth
    /// stopping for, because a misnamed file would silently never run.
    package static func load(from directory: URL) throws -> [Migration] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }.sorted()
        var migrations: [Migration] = []
        for file in files {
            let parts = file.split(separator: "_", maxSplits: 1)
            guard file.hasSuffix(".sql"), parts.count == 2, parts[0].count == 4, let version = Int(parts[0]) else {
                throw MigrationError("\(file) in \(directory.path) is not named NNNN_name.sql")
            }
            let data = try Data(contentsOf: directory.appendingPathComponent(file))
            migrations.append(
                Migration(
                    version: version,
                    name: String(parts[1].dropLast(4)),
                    sql: String(decoding: data, as: UTF8.self),
                    checksum: SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()))
        }
        for (previous, next) in zip(migrations, migrations.dropFirst()) where previous.version == next.version {
            throw MigrationError("two migrations share the version \(String(format: "%04d", next.version)): \(previous.name) and \(next.name)")
        }
        return migrations
    }
}

package struct MigrationError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}

/// Applies pending migrations in order, each in its own transaction, under an advisory lock so
/// that servers starting together apply each file once.
package struct MigrationRunner: Sendable {
    let client: DatabasePool
    let migrations: [Migration]
    let bounds: DatabaseBounds
    let logger: Logger

    /// Any fixed number works, as long as nothing else in the database uses it.
    static let lockKey: Int64 = 0x5343_4d49_4752 // "SCMIGR"

    package init(client: DatabasePool, migrations: [Migration], bounds: DatabaseBounds = DatabaseBounds(), logger: Logger) {
        self.client = client
        self.migrations = migrations
        self.bounds = bounds
        self.logger = logger
    }

    /// Returns the migrations it applied.
    @discardableResult
    package func run() async throws -> [Migration] {
        try await client.withConnection { [self] connection in
            // A migration may rebuild an index on a large table, and a server starting beside
            // another waits for its migrations: the session's request bounds are far too short.
            // The pooled connection gets its own bounds back however this ends.
            // Waiting for the other server's migrations may take as long as one of them may; the
            // migrations' own lock waits, on tables live traffic uses, stay short.
            let statement = DatabaseBounds.setting(bounds.migrationStatement)
            try await connection.execute(
                "SELECT set_config('statement_timeout', \(statement), false), set_config('lock_timeout', \(statement), false)", logger: logger)
            do {
                try await connection.execute("SELECT pg_advisory_lock(\(Self.lockKey))", logger: logger)
                try await connection.execute(
                    "SELECT set_config('lock_timeout', \(DatabaseBounds.setting(bounds.migrationLock)), false)", logger: logger)
                let applied = try await apply(on: connection)
                try await connection.execute("SELECT pg_advisory_unlock(\(Self.lockKey))", logger: logger)
                try await Self.resetBounds(on: connection, logger: logger)
                return applied
            } catch {
                try? await connection.execute("SELECT pg_advisory_unlock(\(Self.lockKey))", logger: logger)
                try? await Self.resetBounds(on: connection, logger: logger)
                throw error
            }
        }
    }

    /// Back to the session's own values, those it was opened with.
    private static func resetBounds(on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("RESET statement_timeout", logger: logger)
        try await connection.query("RESET lock_timeout", logger: logger)
    }

    private func apply(on connection: PostgresConnection) async throws -> [Migration] {
        try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version integer PRIMARY KEY,
                name text NOT NULL,
                checksum text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """, logger: logger)
        let recorded = try await Self.recorded(on: connection, logger: logger)
        for migration in migrations {
            if let checksum = recorded[migration.version], checksum != migration.checksum {
                throw MigrationError(
                    "migration \(String(format: "%04d", migration.version))_\(migration.name).sql was changed after it was applied (checksum \(checksum.prefix(12))… in the database, \(migration.checksum.prefix(12))… on disk); released migrations are never edited — add a new one"
                )
            }
        }
        let newestApplied = recorded.keys.max() ?? 0
        if let stray = migrations.first(where: { recorded[$0.version] == nil && $0.version < newestApplied }) {
            throw MigrationError(
                "migration \(String(format: "%04d", stray.version))_\(stray.name).sql is older than the newest applied one (\(String(format: "%04d", newestApplied))); renumber it after that"
            )
        }
        var applied: [Migration] = []
        for migration in migrations where recorded[migration.version] == nil {
            logger.info("applying migration \(String(format: "%04d", migration.version))_\(migration.name)")
            try await connection.withTransaction(logger: logger) { transaction in
                for statement in SQLStatements.split(migration.sql) {
                    try await transaction.execute(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await transaction.query(
                    """
                    INSERT INTO schema_migrations (version, name, checksum)
                    VALUES (\(migration.version), \(migration.name), \(migration.checksum))
                    """, logger: logger)
            }
            applied.append(migration)
        }
        return applied
    }

    /// True when every migration on disk is recorded as applied.
    package func isUpToDate() async throws -> Bool {
        let recorded = try await client.withConnection { try await Self.recorded(on: $0, logger: logger) }
        return migrations.allSatisfy { recorded[$0.version] == $0.checksum }
    }

    private static func recorded(on connection: PostgresConnection, logger: Logger) async throws -> [Int: String] {
        let exists = try await connection.query("SELECT to_regclass('schema_migrations') IS NOT NULL", logger: logger)
        for try await present in exists.decode(Bool.self) where !present { return [:] }
        var recorded: [Int: String] = [:]
        let rows = try await connection.query("SELECT version, checksum FROM schema_migrations", logger: logger)
        for try await (version, checksum) in rows.decode((Int, String).self) {
            recorded[version] = checksum
        }
        return recorded
    }
}
