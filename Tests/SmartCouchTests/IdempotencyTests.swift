import Foundation
import Testing

@Suite struct IdempotencyTests {
    @Test func aRetryWithTheSameKeyReturnsTheFirstResponse() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            let key = [("Idempotency-Key", "booking-\(UUID())")]

            let first = try await server.reserve(guest, couch, from: 10, to: 12, headers: key)
            #expect(first.status == .created)
            #expect(first.headers.first(name: "Idempotent-Replayed") == nil)
            // Cancelled in between: the retry still answers what the booking answered.
            let id = try #require(try first.json["id"] as? String)
            _ = try await server.send(.POST, "/reservations/\(id)/cancel", token: guest.accessToken)

            let retry = try await server.reserve(guest, couch, from: 10, to: 12, headers: key)
            #expect(retry.status == .created)
            #expect(retry.body == first.body)
            #expect(retry.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(try await server.count("reservations") == 1)
        }
    }

    @Test func theSameKeyForADifferentRequestIsRefused() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            let key = [("Idempotency-Key", "k1")]
            _ = try await server.reserve(guest, couch, from: 10, to: 12, headers: key)

            let different = try await server.reserve(guest, couch, from: 20, to: 22, headers: key)
            try different.problem(.unprocessableEntity)
            #expect(try different.problemFields == ["Idempotency-Key"])
            try await server.reserve(guest, couch, from: 10, to: 12, guests: 3, headers: key).problem(.unprocessableEntity)
            #expect(try await server.count("reservations") == 1)

            // Keys belong to their user: someone else's "k1" is a new request.
            let other = try await server.register("Other")
            #expect(try await server.reserve(other, couch, from: 20, to: 22, headers: key).status == .created)
            #expect(try await server.count("reservations") == 2)
        }
    }

    /// The repeats wait for the first request's answer however short the lock bound is: they
    /// are not contending for the key, they are waiting for its outcome. (Only the statement bound
    /// limits that wait; it is wide here for a loaded machine.)
    @Test func concurrentRequestsWithOneKeyBookOnce() async throws {
        try await TestServer.with({
            $0.database.lock = .milliseconds(1)
            $0.database.statement = .seconds(30)
        }) { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            let key = [("Idempotency-Key", UUID().uuidString.lowercased())]

            let responses = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<10 { group.addTask { try await server.reserve(guest, couch, from: 10, to: 12, headers: key) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(responses.map(\.status.code) == Array(repeating: 201, count: 10), "\(responses.map(\.text))")
            #expect(Set(responses.map(\.body)).count == 1)
            #expect(responses.filter { $0.headers.first(name: "Idempotent-Replayed") == "true" }.count == 9)
            #expect(try await server.count("reservations") == 1)
            #expect(try await server.count("idempotency_keys") == 1)
        }
    }

    @Test func aFailedRequestDoesNotUseUpItsKey() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host, ["maxGuests": 2])
            let key = [("Idempotency-Key", "retry-me")]

            try await server.reserve(guest, couch, from: 10, to: 12, guests: 3, headers: key).problem(.unprocessableEntity)
            #expect(try await server.count("idempotency_keys") == 0)
            #expect(try await server.reserve(guest, couch, from: 10, to: 12, guests: 2, headers: key).status == .created)
        }
    }

    @Test func keysAreForgottenAfterADay() async throws {
        try await TestServer.with(TestServer.tokensOutlivingTheClock) { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let other = try await server.register("Other")
            let couch = try await server.createCouch(by: host)
            _ = try await server.reserve(guest, couch, from: 10, to: 12, headers: [("Idempotency-Key", "daily")])
            _ = try await server.reserve(other, couch, from: 20, to: 22, headers: [("Idempotency-Key", "elsewhere")])

            server.advanceClock(days: 1)
            server.clock.advance(by: 60)
            // Expired: the key is free for a new request, and old keys are cleaned up on the way.
            let reused = try await server.reserve(guest, couch, from: 30, to: 32, headers: [("Idempotency-Key", "daily")])
            #expect(reused.status == .created)
            #expect(reused.headers.first(name: "Idempotent-Replayed") == nil)
            #expect(try await server.count("reservations") == 3)
            #expect(try await server.count("idempotency_keys") == 1)
        }
    }

    @Test func malformedKeysAreRefused() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            try await server.reserve(guest, couch, from: 10, to: 12, headers: [("Idempotency-Key", String(repeating: "k", count: 256))])
                .problem(.badRequest)
            try await server.reserve(guest, couch, from: 10, to: 12, headers: [("Idempotency-Key", "two words")]).problem(.badRequest)
            #expect(try await server.count("reservations") == 0)
        }
    }
}
