import Foundation
import Testing

@Suite struct OperationsTests {
    @Test func healthReadinessAndContract() async throws {
        try await TestServer.with { server in
            #expect(try await server.send(.GET, "/health").json["status"] as? String == "ok")
            #expect(try await server.send(.GET, "/ready").json["status"] as? String == "ready")
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
