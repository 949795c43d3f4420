import Foundation
import NIOCore
import NIOPosix
import PostgresNIO
import TestSupport
import Testing

@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

@Suite struct OperationsTests {
    @Test func healthReadinessAndContract() async throws {
        try await TestServer.with { server in
            #expect(try await server.send(.GET, "/health").json["status"] as? String == "ok")
            // The probe answers within 2 s by design; a machine busy with the whole suite may take
            // longer to open a first connection, which is a "not yet", not a failure.
            try await eventually("the server is ready") { try await server.send(.GET, "/ready").json["status"] as? String == "ready" }
            let contract = try await server.send(.GET, "/openapi.yaml")
            #expect(contract.status == .ok)
            #expect(contract.headers.first(name: "Content-Type")?.hasPrefix("application/yaml") == true)
            #expect(contract.text.hasPrefix("openapi: 3.1"))
        }
    }

    @Test func notReadyWhileAMigrationIsPending() async throws {
        try await TestServer.with { server in
            try await server.database.client.query("DELETE FROM schema_migrations WHERE version = 1")
            try await server.send(.GET, "/ready").problem(.serviceUnavailable)
        }
    }
}

@Suite struct ReadinessTimeoutTests {
    /// A "database" that accepts connections and never says a word, as a hung server does.
    static func silentDatabase() async throws -> any Channel {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0).get()
    }

    @Test("readiness says no within its timeout when the database does not answer")
    func silentDatabaseIsNotReady() async throws {
        let listener = try await Self.silentDatabase()
        let database = Database(
            .init(
                host: "127.0.0.1", port: listener.localAddress?.port ?? 0, username: "smartcouch", password: nil,
                database: "smartcouch", tls: .disable), logger: TestDatabases.logger)
        let readiness = ReadinessService(
            migrations: MigrationRunner(client: database.client, migrations: [], logger: TestDatabases.logger), timeout: .milliseconds(300))
        // The deadline's answer, not the pool's: its connect timeout (10 s) would say "not reachable".
        // How soon it comes is for a benchmark, not a test on a busy machine.
        let reason = try await database.whileRunning { await readiness.unreadyReason() }
        #expect(reason == "the database did not answer within 0.3 seconds")
        try await listener.close()
    }
}
