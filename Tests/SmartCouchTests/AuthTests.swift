import Foundation
import HTTPTransport
import JWTKit
import NIOHTTP1
import Testing

@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

@Suite struct AuthTests {
    @Test func everyAnswerToABearerRequestIsNoStoreRefusalsIncluded() async throws {
        try await TestServer.with { server in
            let user = try await server.register("Ada")
            for (path, status) in [
                ("/couches?city=Budapest", HTTPResponseStatus.ok), ("/users", .forbidden), ("/users?limit=0", .unprocessableEntity),
                ("/jobs/runs?cursor=x", .badRequest), ("/no/such/route", .notFound)
            ] {
                let answer = try await server.send(.GET, path, token: user.accessToken)
                #expect(answer.status == status, "\(path): \(answer.text)")
                #expect(answer.headers.first(name: "Cache-Control") == "no-store", "\(path)")
            }
            #expect(try await server.send(.GET, "/couches?city=Budapest").headers.first(name: "Cache-Control") == nil, "public answers may be cached")
        }
    }

    @Test func registerReturnsUserAndTokensThatWork() async throws {
        try await TestServer.with { server in
            let response = try await server.send(
                .POST, "/auth/register",
                json: [
                    "email": "Ada@Example.com", "password": "correct horse", "name": "Ada", "externalId": "firebase-1"
                ])
            #expect(response.status == .created)
            let body = try response.json
            let user = try #require(body["user"] as? [String: Any])
            #expect(user["email"] as? String == "Ada@Example.com")
            #expect(user["externalId"] as? String == "firebase-1")
            #expect(user["createdAt"] is String)
            #expect(body["expiresIn"] as? Int == 900)
            #expect(body["tokenType"] as? String == "Bearer")

            let me = try await server.send(.GET, "/users/me", token: body["accessToken"] as? String)
            #expect(me.status == .ok)
            #expect(try me.json["id"] as? String == user["id"] as? String)
        }
    }

    @Test func duplicateEmailIsAConflictWhateverItsCase() async throws {
        try await TestServer.with { server in
            _ = try await server.register(email: "host@example.com")
            let again = try await server.send(
                .POST, "/auth/register", json: ["email": "HOST@example.COM", "password": "another password", "name": "Other"])
            try again.problem(.conflict)
            let users = try await server.database.client.query("SELECT count(*) FROM users")
            #expect(try await users.decode(Int.self).only() == 1)
        }
    }

    @Test func invalidRegistrationsNameEveryBadField() async throws {
        try await TestServer.with { server in
            let response = try await server.send(.POST, "/auth/register", json: ["email": "not-an-email", "password": "short", "name": " "])
            let problem = try response.problem(.unprocessableEntity)
            let fields = Set((problem["errors"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String })
            #expect(fields == ["email", "password", "name"])
        }
    }

    @Test(arguments: [
        ("1234567890", "common"), ("password123", "common"), ("PassWord123", "common"), ("qwertyuiop", "common"),
        (String(repeating: " ", count: 12), "spaces"), ("short", "at least 10"),
        ("ada.lovelace", "email"), ("Ada.Lovelace@example.com", "email"),
        (String(repeating: "é", count: 37), "72 bytes")
    ])
    func weakPasswordsAreRefusedAndSaySo(password: String, reason: String) async throws {
        try await TestServer.with { server in
            let response = try await server.send(
                .POST, "/auth/register",
                json: [
                    "email": "ada.lovelace@example.com", "password": password, "name": "Ada"
                ])
            let problem = try response.problem(.unprocessableEntity)
            #expect(try response.problemFields == ["password"])
            #expect((problem["detail"] as? String)?.contains(reason) == true, "\(problem)")
            #expect(try await server.count("users") == 0)
        }
    }

    @Test func aPasswordOfTenUncommonCharactersIsEnough() async throws {
        try await TestServer.with { server in
            let response = try await server.send(
                .POST, "/auth/register",
                json: [
                    "email": "ada@example.com", "password": "otter ruby", "name": "Ada"
                ])
            #expect(response.status == .created, "\(response.text)")
        }
    }

    @Test func loginWithRightAndWrongCredentials() async throws {
        try await TestServer.with { server in
            let account = try await server.register(email: "guest@example.com", password: "s3cret-enough")
            let ok = try await server.login("GUEST@example.com", "s3cret-enough")
            #expect(ok.status == .ok)
            #expect(try (ok.json["user"] as? [String: Any])?["id"] as? String == account.id.uuidString.lowercased())

            let wrong = try await server.login("guest@example.com", "wrong password")
            try wrong.problem(.unauthorized)
            let unknown = try await server.login("nobody@example.com", "s3cret-enough")
            let problem = try unknown.problem(.unauthorized)
            #expect(problem["detail"] as? String == "wrong email or password", "an unknown email must look like a wrong password")
        }
    }

    @Test func repeatedFailuresAreThrottledWithRetryAfter() async throws {
        try await TestServer.with { server in
            let account = try await server.register(email: "victim@example.com", password: "the real password")
            for _ in 1...10 {
                try await server.login(account.email, "guess").problem(.unauthorized)
            }
            let throttled = try await server.login(account.email, "the real password")
            try throttled.problem(.tooManyRequests)
            let retryAfter = try #require(throttled.headers.first(name: "Retry-After").flatMap(Int.init))
            #expect((1...900).contains(retryAfter))

            server.clock.advance(by: 15 * 60 + 1)
            #expect(try await server.login(account.email, "the real password").status == .ok)
        }
    }

    @Test func throttlingCountsFailuresFromOneAddressAcrossEmails() async throws {
        try await TestServer.with { server in
            let account = try await server.register(email: "someone@example.com", password: "the real password")
            for index in 1...10 {
                try await server.login("stranger\(index)@example.com", "guess").problem(.unauthorized)
            }
            try await server.login(account.email, "the real password").problem(.tooManyRequests)
        }
    }

    /// Behind the operator's proxy every connection comes from the proxy: the caller is whom it
    /// names. A stranger's guesses stop the stranger, not the account's owner elsewhere; guesses at
    /// one account from many callers stop the account too. Without the setting the header is the
    /// caller's own word and changes nothing.
    @Test func behindATrustedProxyTheCallerItNamesIsThrottledNotEveryone() async throws {
        let login = { (server: TestServer, password: String, forwardedFor: String) in
            try await server.send(
                .POST, "/auth/login", json: ["email": "owner@example.com", "password": password], headers: [("X-Forwarded-For", forwardedFor)])
        }
        try await TestServer.with({
            $0.trustedProxies = [IPAddress("127.0.0.1")!, IPAddress("::1")!]
            $0.loginThrottle.maxFailuresPerEmail = 15
        }) { server in
            _ = try await server.register(email: "owner@example.com", password: "the real password")
            for _ in 1...10 { try await login(server, "guess", "203.0.113.7").problem(.unauthorized) }
            try await login(server, "the real password", "203.0.113.7").problem(.tooManyRequests)
            #expect(try await login(server, "the real password", "198.51.100.2").status == .ok, "the owner, elsewhere")
            // Read from the proxy's end: what the caller wrote before its own address does not count.
            try await login(server, "the real password", "198.51.100.2, 203.0.113.7").problem(.tooManyRequests)
            // Some proxies write the caller's port too; it is the same caller.
            try await login(server, "the real password", "203.0.113.7:4711").problem(.tooManyRequests)
            for index in 11...15 { try await login(server, "guess", "198.51.100.\(index)").problem(.unauthorized) }
            try await login(server, "the real password", "192.0.2.1").problem(.tooManyRequests)
        }
        try await TestServer.with { server in
            _ = try await server.register(email: "owner@example.com", password: "the real password")
            for index in 1...10 { try await login(server, "guess", "198.51.100.\(index)").problem(.unauthorized) }
            try await login(server, "the real password", "192.0.2.1").problem(.tooManyRequests)
        }
    }

    @Test func refreshRotatesAndReuseRevokesTheSession() async throws {
        try await TestServer.with { server in
            let account = try await server.register()
            let first = try await server.send(.POST, "/auth/refresh", json: ["refreshToken": account.refreshToken])
            #expect(first.status == .ok)
            let rotated = try #require(try first.json["refreshToken"] as? String)
            #expect(rotated != account.refreshToken)
            #expect(try await server.send(.GET, "/users/me", token: try first.json["accessToken"] as? String).status == .ok)

            // The old token again: someone has a copy, so the whole session dies, including the new token.
            try await server.send(.POST, "/auth/refresh", json: ["refreshToken": account.refreshToken]).problem(.unauthorized)
            try await server.send(.POST, "/auth/refresh", json: ["refreshToken": rotated]).problem(.unauthorized)
        }
    }

    @Test func refreshTokensExpireAfterThirtyDays() async throws {
        try await TestServer.with { server in
            let account = try await server.register()
            server.clock.advance(by: 30 * 24 * 3600 + 1)
            try await server.send(.POST, "/auth/refresh", json: ["refreshToken": account.refreshToken]).problem(.unauthorized)
        }
    }

    @Test func garbageRefreshTokenIsUnauthorized() async throws {
        try await TestServer.with { server in
            try await server.send(.POST, "/auth/refresh", json: ["refreshToken": "made-up"]).problem(.unauthorized)
        }
    }

    @Test func logoutRevokesThisSessionOnly() async throws {
        try await TestServer.with { server in
            let account = try await server.register(email: "two.phones@example.com", password: "password one")
            let other = try await server.login(account.email, account.password)
            let otherRefresh = try #require(try other.json["refreshToken"] as? String)

            #expect(try await server.send(.POST, "/auth/logout", token: account.accessToken).status == .noContent)
            try await server.send(.POST, "/auth/refresh", json: ["refreshToken": account.refreshToken]).problem(.unauthorized)
            #expect(try await server.send(.POST, "/auth/refresh", json: ["refreshToken": otherRefresh]).status == .ok)
        }
    }

    @Test func logoutEverywhereRevokesEverySession() async throws {
        try await TestServer.with { server in
            let account = try await server.register(email: "lost.phone@example.com", password: "password one")
            let other = try await server.login(account.email, account.password)
            let otherRefresh = try #require(try other.json["refreshToken"] as? String)

            #expect(try await server.send(.POST, "/auth/logout?all=true", token: account.accessToken).status == .noContent)
            try await server.send(.POST, "/auth/refresh", json: ["refreshToken": account.refreshToken]).problem(.unauthorized)
            try await server.send(.POST, "/auth/refresh", json: ["refreshToken": otherRefresh]).problem(.unauthorized)
        }
    }

    /// `all=yes` used to be read as absent: the call answered 204 and logged out this session only.
    @Test func aLogoutWhoseAllIsNotABooleanIsRefusedAndRevokesNothing() async throws {
        try await TestServer.with { server in
            let account = try await server.register()
            for value in ["yes", "1.5e308"] {
                let problem = try await server.send(.POST, "/auth/logout?all=\(value)", token: account.accessToken)
                    .problem(.unprocessableEntity)
                #expect((problem["errors"] as? [[String: Any]])?.first?["field"] as? String == "all")
            }
            #expect(try await server.send(.POST, "/auth/refresh", json: ["refreshToken": account.refreshToken]).status == .ok)
        }
    }

    @Test func missingMalformedForgedAndExpiredTokensAreUnauthorized() async throws {
        try await TestServer.with { server in
            let account = try await server.register()
            let missing = try await server.send(.GET, "/users/me")
            try missing.problem(.unauthorized)
            #expect(missing.headers.first(name: "WWW-Authenticate") == "Bearer")
            try await server.send(.GET, "/users/me", token: "not.a.jwt").problem(.unauthorized)

            let forger = await AccessTokens.make(secret: "someone else's secret, long enough for HMAC", lifetime: 900)
            let forged = try await forger.issue(for: Principal(userId: account.id, sessionId: UUID(), authenticatedAt: Date()), now: Date())
            try await server.send(.GET, "/users/me", token: forged).problem(.unauthorized)

            // Servers' clocks may differ a little: a token expired seconds ago still works.
            server.clock.advance(by: 15 * 60 + 10)
            #expect(try await server.send(.GET, "/users/me", token: account.accessToken).status == .ok)
            server.clock.advance(by: AccessTokens.clockSkew)
            let expired = try await server.send(.GET, "/users/me", token: account.accessToken).problem(.unauthorized)
            #expect((expired["detail"] as? String)?.contains("expired") == true)
        }
    }

    /// Signed with the server's own secret, and still refused: issued or valid only in the future,
    /// or signed with any algorithm but HS256.
    @Test func tokensFromTheFutureAndOtherAlgorithmsAreUnauthorized() async throws {
        try await TestServer.with { server in
            let account = try await server.register()
            let secret = server.configuration.jwtSecret
            let now = Date()
            let principal = Principal(userId: account.id, sessionId: UUID(), authenticatedAt: now)
            let own = await AccessTokens.make(secret: secret, lifetime: 900)
            func claims(iat: Date = now, nbf: Date? = nil, authTime: Date = now) -> AccessTokens.Claims {
                AccessTokens.Claims(
                    sub: .init(value: "\(account.id)"), exp: .init(value: now.addingTimeInterval(3600)), iat: .init(value: iat),
                    nbf: nbf.map { .init(value: $0) }, sid: principal.sessionId, authTime: Int(authTime.timeIntervalSince1970))
            }
            let hour = now.addingTimeInterval(3600)
            for (what, payload) in [("iat", claims(iat: hour)), ("nbf", claims(nbf: hour)), ("auth_time", claims(authTime: hour))] {
                let token = try await own.keys.sign(payload)
                let refused = try await server.send(.GET, "/users/me", token: token).problem(.unauthorized)
                #expect((refused["detail"] as? String)?.contains("not valid yet") == true, "\(what)")
            }
            #expect(try await server.send(.GET, "/users/me", token: try await own.keys.sign(claims(nbf: now))).status == .ok)

            let otherAlgorithm = JWTKeyCollection()
            await otherAlgorithm.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha384)
            try await server.send(.GET, "/users/me", token: try await otherAlgorithm.sign(claims())).problem(.unauthorized)

            let payload = try JSONEncoder().encode(claims())
            let unsigned = Data(#"{"alg":"none","typ":"JWT"}"#.utf8).base64URLEncodedString + "." + payload.base64URLEncodedString + "."
            try await server.send(.GET, "/users/me", token: unsigned).problem(.unauthorized)
        }
    }
}
