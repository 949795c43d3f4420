import Foundation
import Testing

@Suite struct UserTests {
    @Test func strangersSeeAPublicProfileWithoutEmail() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let stranger = try await server.register("Stranger")
            let seen = try await server.send(.GET, "/users/\(host.id)", token: stranger.accessToken)
            #expect(seen.status == .ok)
            let profile = try seen.json
            #expect(profile["name"] as? String == "Host")
            #expect(profile["createdAt"] is String)
            // Only the fields of the contract's PublicUser, so no email.
            _ = try seen.decoded(as: Schemas.PublicUser.self)

            let own = try await server.send(.GET, "/users/\(host.id)", token: host.accessToken)
            #expect(try own.json["email"] as? String == host.email)
        }
    }

    @Test func unknownAndMalformedUserIds() async throws {
        try await TestServer.with { server in
            let caller = try await server.register()
            try await server.send(.GET, "/users/\(UUID())", token: caller.accessToken).problem(.notFound)
            let malformed = try await server.send(.GET, "/users/not-a-uuid", token: caller.accessToken).problem(.badRequest)
            #expect((malformed["detail"] as? String)?.contains("UUID") == true)
        }
    }

    @Test func onlyOperatorsListUsers() async throws {
        try await TestServer.with({ $0.adminEmails = ["ops@example.com"] }) { server in
            let user = try await server.register()
            try await server.send(.GET, "/users", token: user.accessToken).problem(.forbidden)

            let operatorAccount = try await server.register("Ops", email: "OPS@example.com")
            let listed = try await server.send(.GET, "/users", token: operatorAccount.accessToken)
            #expect(listed.status == .ok)
            let users = try listed.jsonArray
            #expect(users.count == 2)
            #expect(users.allSatisfy { $0["email"] is String })

            let page = try await server.send(.GET, "/users?limit=1", token: operatorAccount.accessToken).jsonArray
            let next = try await server.send(.GET, "/users?limit=1&after=\(page[0]["id"] as! String)", token: operatorAccount.accessToken).jsonArray
            #expect(page.count == 1 && next.count == 1 && page[0]["id"] as? String != next[0]["id"] as? String)
            try await server.send(.GET, "/users?limit=0", token: operatorAccount.accessToken).problem(.unprocessableEntity)
        }
    }

    @Test func promotedUsersAreOperators() async throws {
        try await TestServer.with { server in
            let user = try await server.register(email: "promoted@example.com")
            try await server.database.client.query("UPDATE users SET is_admin = true WHERE id = \(user.id)")
            #expect(try await server.send(.GET, "/users", token: user.accessToken).status == .ok)
        }
    }

    @Test func lookupByExternalId() async throws {
        try await TestServer.with { server in
            let created = try await server.send(
                .POST, "/users",
                json: [
                    "email": "legacy@example.com", "password": "legacy password", "name": "Legacy", "externalId": "fb-42"
                ])
            #expect(created.status == .created)
            #expect(try created.json["externalId"] as? String == "fb-42")
            // A user, not a session: no accessToken.
            _ = try created.decoded(as: Schemas.User.self)

            let caller = try await server.register()
            let found = try await server.send(.GET, "/users/external/fb-42", token: caller.accessToken)
            #expect(found.status == .ok)
            #expect(try found.json["name"] as? String == "Legacy")
            _ = try found.decoded(as: Schemas.PublicUser.self)
            try await server.send(.GET, "/users/external/unknown", token: caller.accessToken).problem(.notFound)

            let duplicate = try await server.send(
                .POST, "/users",
                json: [
                    "email": "other@example.com", "password": "legacy password", "name": "Other", "externalId": "fb-42"
                ])
            try duplicate.problem(.conflict)
        }
    }
}
