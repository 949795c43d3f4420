import Foundation
import Testing

/// Bad input gets a clear 4xx problem and changes nothing.
@Suite struct ErrorTests {
    @Test func malformedJSONIsABadRequest() async throws {
        try await TestServer.with { server in
            let response = try await server.send(.POST, "/auth/register", body: Data("{\"email\": ".utf8), contentType: "application/json")
            try response.problem(.badRequest)
            try await expectNoUsers(server)
        }
    }

    @Test func wrongTypesAndMissingFieldsNameTheField() async throws {
        try await TestServer.with { server in
            let wrongType = try await server.send(.POST, "/auth/register", json: ["email": 42, "password": "long enough", "name": "A"])
            let problem = try wrongType.problem(.unprocessableEntity)
            #expect((problem["errors"] as? [[String: Any]])?.first?["field"] as? String == "email")

            let missing = try await server.send(.POST, "/auth/login", json: ["email": "a@example.com"])
            let missingProblem = try missing.problem(.unprocessableEntity)
            #expect((missingProblem["errors"] as? [[String: Any]])?.first?["field"] as? String == "password")

            try await server.send(.POST, "/auth/login", json: ["not", "an", "object"]).problem(.unprocessableEntity)
            try await expectNoUsers(server)
        }
    }

    @Test func bodiesThatAreNotJSONAreRefused() async throws {
        try await TestServer.with { server in
            try await server.send(.POST, "/auth/register", body: Data("email=a".utf8), contentType: "application/x-www-form-urlencoded")
                .problem(.unsupportedMediaType)
            try await server.send(.POST, "/auth/register").problem(.unsupportedMediaType)
        }
    }

    @Test func oversizedBodiesAreRefused() async throws {
        try await TestServer.with { server in
            let name = String(repeating: "x", count: 2 << 20)
            try await server.send(.POST, "/auth/register", json: ["email": "big@example.com", "password": "long enough", "name": name])
                .problem(.payloadTooLarge)
            try await expectNoUsers(server)
        }
    }

    @Test func unknownRoutesAreProblems() async throws {
        try await TestServer.with { server in
            let problem = try await server.send(.GET, "/no/such/thing").problem(.notFound)
            #expect((problem["detail"] as? String)?.contains("/no/such/thing") == true)
        }
    }

    @Test func badQueryParametersAreProblems() async throws {
        try await TestServer.with({ $0.adminEmails = ["ops@example.com"] }) { server in
            let ops = try await server.register(email: "ops@example.com")
            let response = try await server.send(.GET, "/users?limit=many", token: ops.accessToken)
            #expect((400...499).contains(Int(response.status.code)))
            #expect(response.headers.first(name: "Content-Type") == "application/problem+json")
        }
    }

    private func expectNoUsers(_ server: TestServer) async throws {
        let rows = try await server.database.client.query("SELECT count(*) FROM users")
        for try await count in rows.decode(Int.self) { #expect(count == 0) }
    }
}
