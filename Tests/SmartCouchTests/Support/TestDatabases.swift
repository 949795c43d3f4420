import Foundation
import Logging
import PostgresNIO

@testable import SmartCouchBootstrap
@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

/// One PostgreSQL server for the whole test run (the embedded cluster, or DATABASE_URL's), and a
/// database of its own for every test, copied from a migrated template so that tests run in
/// parallel and in any order.
actor TestDatabases {
    static let shared = TestDatabases()
    static let logger: Logger = {
        var logger = Logger(label: "smartcouch.tests")
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .error
        return logger
    }()
    static let template = "smartcouch_template"

    private var server: Task<(DatabaseLocation, Database), any Error>?

    /// A new, migrated database; dropped by `drop`.
    func create(migrated: Bool = true) async throws -> (name: String, configuration: PostgresClient.Configuration) {
        let (location, admin) = try await start()
        let name = "test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        let template = migrated ? Self.template : "template0"
        try await admin.client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name) TEMPLATE \(template)"))
        return (name, try location.configuration(database: name))
    }

    func drop(_ name: String) async {
        guard let (_, admin) = try? await start() else { return }
        _ = try? await admin.client.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"))
    }

    private func start() async throws -> (DatabaseLocation, Database) {
        if let server { return try await server.value }
        let task = Task { try await Self.bootServer() }
        server = task
        return try await task.value
    }

    private static func bootServer() async throws -> (DatabaseLocation, Database) {
        let location: DatabaseLocation
        if let url = ProcessInfo.processInfo.environment["DATABASE_URL"], !url.isEmpty {
            location = .url(url)
        } else {
            let directory = URL(fileURLWithPath: "/tmp/smartcouch-tests-\(UUID().uuidString.prefix(8))", isDirectory: true)
            // Every test runs at once, each with a server whose pool holds a few connections.
            let cluster = try EmbeddedPostgres(dataDirectory: directory, logger: logger, maxConnections: 1500)
            try await cluster.start()
            try cluster.discardWhenProcessExits(getpid())
            location = .embedded(cluster)
        }
        let admin = Database(try location.configuration(database: "postgres"), bounds: .administration, logger: logger)
        // Creates and drops every test's database for as long as the test process lives.
        Task.detached { await admin.run() }
        if case .embedded = location {
            // The suite's own throwaway cluster: every test copies a database from the template at
            // once, and flushing each copy to disk made the machine's disk, not the code, the
            // bound. Tests that need a cluster that survives a crash start one of their own.
            for setting in ["fsync = off", "synchronous_commit = off", "full_page_writes = off"] {
                try await admin.client.query(PostgresQuery(unsafeSQL: "ALTER SYSTEM SET \(setting)"))
            }
            try await admin.client.query("SELECT pg_reload_conf()")
        }
        _ = try? await admin.client.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(template) WITH (FORCE)"))
        try await admin.client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(template)"))
        let templateDatabase = Database(try location.configuration(database: template), logger: logger)
        _ = try await templateDatabase.whileRunning {
            try await MigrationRunner(client: templateDatabase.client, migrations: try Migration.load(from: projectFiles.migrations), logger: logger)
                .run()
        }
        return (location, admin)
    }

    static let projectFiles = ProjectFiles(
        root: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())
}
