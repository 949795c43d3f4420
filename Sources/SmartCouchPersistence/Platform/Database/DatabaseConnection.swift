import Foundation
import Logging
import NIOSSL
import PostgresNIO
import ServiceLifecycle
import SmartCouchDomain

/// Where the database is: a URL from `DATABASE_URL`, or the embedded cluster's socket.
package enum DatabaseLocation: Sendable {
    case url(String)
    case embedded(EmbeddedPostgres)

    /// The client configuration for one database on this server.
    package func configuration(database: String? = nil) throws -> PostgresClient.Configuration {
        switch self {
        case .embedded(let cluster):
            let configuration = PostgresClient.Configuration(
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
        let configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432,
            username: components.user?.removingPercentEncoding ?? "postgres",
            password: components.password?.removingPercentEncoding,
            database: override ?? (path.isEmpty ? nil : path),
            tls: tls)
        return configuration
    }
}

/// A connection pool. PostgresNIO's client does its work inside `run()`: the server runs it as the
/// first service of its group, which closes it after every service that uses it has stopped; a
/// command or a test runs it around its work with `whileRunning`.
package final class Database: Service {
    package let client: DatabasePool

    /// A pool whose sessions carry `bounds`' statement and lock timeouts, and whose leases wait at
    /// most its pool wait.
    package init(_ configuration: PostgresClient.Configuration, bounds: DatabaseBounds = DatabaseBounds(), logger: Logger) {
        var configuration = configuration
        configuration.options.maximumConnections = bounds.poolSize
        configuration.options.additionalStartupParameters += [
            ("statement_timeout", DatabaseBounds.setting(bounds.statement)),
            ("lock_timeout", DatabaseBounds.setting(bounds.lock))
        ]
        client = DatabasePool(client: PostgresClient(configuration: configuration, backgroundLogger: logger), bounds: bounds, logger: logger)
    }

    /// Serves leases until cancelled or, in a service group, until the graceful shutdown reaches it.
    package func run() async {
        await cancelWhenGracefulShutdown { [client] in await client.run() }
    }

    /// `body` with the pool running; closed when `body` ends.
    package func whileRunning<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.run() }
            defer { group.cancelAll() }
            return try await body()
        }
    }

    /// Creates a database on the server if it does not exist yet (the embedded cluster starts with
    /// only `postgres`).
    package static func createIfMissing(_ name: String, at location: DatabaseLocation, logger: Logger) async throws {
        let admin = Database(try location.configuration(database: "postgres"), bounds: .administration, logger: logger)
        do {
            try await admin.whileRunning {
                let rows = try await admin.client.query("SELECT 1 FROM pg_database WHERE datname = \(name)")
                var exists = false
                for try await _ in rows { exists = true }
                if !exists {
                    try await admin.client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(quoteIdentifier(name))"))
                }
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42P04" {
            // Created concurrently by another process: fine.
        }
    }

    package static func quoteIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
