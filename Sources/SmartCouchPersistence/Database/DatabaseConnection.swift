import Foundation
import Logging
import NIOSSL
import PostgresNIO
import SmartCouchDomain

/// Where the database is: a URL from `DATABASE_URL`, or the embedded cluster's socket.
package enum DatabaseLocation: Sendable {
    case url(String)
    case embedded(EmbeddedPostgres)

    /// The client configuration for one database on this server.
    package func configuration(database: String? = nil) throws -> PostgresClient.Configuration {
        switch self {
        case .embedded(let cluster):
            var configuration = PostgresClient.Configuration(
                unixSocketPath: cluster.socketPath, username: EmbeddedPostgres.superuser, password: nil,
                database: database ?? "smartcouch")
            return configuration
        case .url(let url):
            return try Self.parse(url, database: database)
        }
    }

    static func parse(_ url: String, database override: String?) throws -> PostgresClient.Configuration {
        guard let components = URLComponents(string: url),
              ["postgres", "postgresql"].contains(components.scheme ?? ""),
              let host = components.host, !host.isEmpty
        else {
            throw ConfigurationError("DATABASE_URL must look like postgres://user:password@host:5432/database")
        }
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        let tls: PostgresClient.Configuration.TLS
        switch query["sslmode"] ?? "disable" {
        case "disable": tls = .disable
        case "prefer", "allow": tls = .prefer(.makeClientConfiguration())
        case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
        case let mode: throw ConfigurationError("DATABASE_URL sslmode \(mode) is not supported")
        }
        let path = components.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        var configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432,
            username: components.user?.removingPercentEncoding ?? "postgres",
            password: components.password?.removingPercentEncoding,
            database: override ?? (path.isEmpty ? nil : path),
            tls: tls)
        return configuration
    }
}

/// A running connection pool. PostgresNIO's client does its work inside `run()`, which must be
/// going before anything leases a connection; this owns that task.
package final class Database: Sendable {
    package let client: DatabasePool
    private let runner: Task<Void, Never>

    /// A pool whose sessions carry `bounds`' statement and lock timeouts, and whose leases wait at
    /// most its pool wait.
    package init(_ configuration: PostgresClient.Configuration, bounds: DatabaseBounds = DatabaseBounds(), logger: Logger) {
        var configuration = configuration
        configuration.options.maximumConnections = bounds.poolSize
        configuration.options.additionalStartupParameters += [
            ("statement_timeout", DatabaseBounds.setting(bounds.statement)),
            ("lock_timeout", DatabaseBounds.setting(bounds.lock)),
        ]
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let pool = DatabasePool(client: client, bounds: bounds)
        self.client = pool
        // Started synchronously up to its first suspension, by which point the client counts as
        // running: a lease right after init neither waits nor warns that run() was not called.
        self.runner = Task.immediate {
            async let alarm: Void = pool.alarm.run()
            await client.run()
            await alarm
        }
    }

    package func shutdown() async {
        runner.cancel()
        await runner.value
    }

    /// Creates a database on the server if it does not exist yet (the embedded cluster starts with
    /// only `postgres`).
    package static func createIfMissing(_ name: String, at location: DatabaseLocation, logger: Logger) async throws {
        let admin = Database(try location.configuration(database: "postgres"), bounds: .administration, logger: logger)
        do {
            let rows = try await admin.client.query("SELECT 1 FROM pg_database WHERE datname = \(name)")
            var exists = false
            for try await _ in rows { exists = true }
            if !exists {
                try await admin.client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(quoteIdentifier(name))"))
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42P04" {
            // Created concurrently by another process: fine.
        } catch {
            await admin.shutdown()
            throw error
        }
        await admin.shutdown()
    }

    package static func quoteIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
