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

    /// PostgreSQL text cannot hold U+0000: such a string used to reach the database and fail there
    /// with a 500 (registration, external ids, city searches).
    @Test func theNULCharacterIsRefusedInBodiesAndURLs() async throws {
        try await TestServer.with { server in
            func field(_ response: TestResponse) throws -> String? {
                (try response.problem(.unprocessableEntity)["errors"] as? [[String: Any]])?.first?["field"] as? String
            }
            let registration = try await server.send(
                .POST, "/auth/register",
                json: [
                    "email": "nul@example.com", "password": "long enough", "name": "A\u{0}da"
                ])
            #expect(try field(registration) == "name")
            try await expectNoUsers(server)

            let host = try await server.register()
            // A NUL before a combining mark is one Character that is not "\0"; it is still refused.
            let couch = try await server.send(.POST, "/couches", json: TestServer.couchBody(["description": "\u{0}\u{301}"]), token: host.accessToken)
            #expect(try field(couch) == "description")
            let nested = try await server.send(.POST, "/couches", json: TestServer.couchBody(["extra": [["note": "\u{0}"]]]), token: host.accessToken)
            #expect(try field(nested) == "extra[0].note")
            #expect(try await server.send(.GET, "/couches/user/\(host.id)").jsonArray.isEmpty)
            // A backslash followed by the text u0000 is no NUL, and neither is an escape for another character.
            let lookalike = try await server.send(
                .POST, "/couches", json: TestServer.couchBody(["description": "C:\\u0000 \u{1}"]), token: host.accessToken)
            #expect(lookalike.status == .created, "\(lookalike.text)")
            let raw = try await server.send(
                .POST, "/auth/register", body: Data(#"{"email":"raw@example.com","password":"long enough","name":"A\u0000da"}"#.utf8),
                contentType: "application/json")
            #expect(try field(raw) == "name")

            for path in ["/users/external/a%00b", "/couches?city=Buda%00pest", "/couches/city/Buda%00pest/\(host.id)"] {
                try await server.send(.GET, path, token: host.accessToken).problem(.badRequest)
            }
        }
    }

    private func expectNoUsers(_ server: TestServer) async throws {
        let rows = try await server.database.client.query("SELECT count(*) FROM users")
        #expect(try await rows.decode(Int.self).only() == 0)
    }
}
