import Foundation
import PostgresNIO
import TestSupport
import Testing

@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

/// A request that needs a busy database answers 503 with Retry-After within its bound, changes
/// nothing, and succeeds once the database is free again: for a row lock held too long, a
/// statement that runs too long, a pool with no free connection and a queue that is too long.
@Suite struct DatabaseBoundsTests {
    /// A booking waits behind a lock on its couch as for the outcome of a booking ahead of it (the
    /// lock bound is not what ends it), within the statement bound.
    @Test func aBookingBehindAHeldRowLockIsRefusedThenBooksOnceItIsReleased() async throws {
        try await TestServer.with({ configuration in
            configuration.database.lock = .milliseconds(300)
            // Long enough for every other statement of the test on a loaded machine.
            configuration.database.statement = .milliseconds(1500)
        }) { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            let holder = try await RowLock.hold(couch, on: server.database.client)

            let key = UUID().uuidString.lowercased()
            let started = ContinuousClock.now
            let refused = try await server.reserve(guest, couch, from: 3, to: 5, headers: [("Idempotency-Key", key)])
            let waited = ContinuousClock.now - started
            let problem = try refused.problem(.serviceUnavailable)
            #expect(problem["type"] as? String == "/problems/database-unavailable")
            #expect((problem["detail"] as? String)?.contains("statement timeout") == true, "\(problem)")
            #expect(refused.headers.first(name: "Retry-After") == "1")
            #expect(waited < .seconds(9.5), "the lock is held for as long as the test likes; the answer came after \(waited)")
            #expect(try await server.count("reservations") == 0)
            #expect(try await server.count("idempotency_keys") == 0, "the refused request left no claim on its key")

            try await holder.release()
            let booked = try await server.reserve(guest, couch, from: 3, to: 5, headers: [("Idempotency-Key", key)])
            #expect(booked.status == .created, "\(booked.text)")
        }
    }

    @Test func aCouchChangeBehindAHeldRowLockIsRefusedWithinTheLockBoundThenMade() async throws {
        try await TestServer.with({ configuration in
            configuration.database.lock = .milliseconds(300)
            configuration.database.statement = .seconds(5)
        }) { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            let holder = try await RowLock.hold(couch, on: server.database.client)

            let started = ContinuousClock.now
            let refused = try await server.send(.PATCH, "/couches/\(couch)", json: ["name": "Sunny loft"], token: host.accessToken)
            let waited = ContinuousClock.now - started
            let problem = try refused.problem(.serviceUnavailable)
            #expect((problem["detail"] as? String)?.contains("lock timeout") == true, "\(problem)")
            #expect(refused.headers.first(name: "Retry-After") == "1")
            // Before the statement bound, whatever a loaded machine adds to the lock bound.
            #expect(waited < .seconds(4.5), "the answer came after \(waited)")

            try await holder.release()
            #expect(try await server.send(.GET, "/couches/\(couch)").json["name"] as? String != "Sunny loft")
            let changed = try await server.send(.PATCH, "/couches/\(couch)", json: ["name": "Sunny loft"], token: host.accessToken)
            #expect(changed.status == .ok, "\(changed.text)")
            #expect(try changed.json["name"] as? String == "Sunny loft")
        }
    }

    @Test func aRequestThatFindsNoFreeConnectionWithinTheBoundIsRefused() async throws {
        try await TestServer.with({ configuration in
            configuration.database.poolSize = 2
            // Long enough for registering on a loaded machine, where opening a connection can take a second.
            configuration.database.poolWait = .seconds(5)
        }) { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            let holder = try await ConnectionHold.takeAll(server.database.client, count: 2)

            let problem = try await server.send(.GET, "/couches/\(couch)").problem(.serviceUnavailable)
            #expect((problem["detail"] as? String)?.contains("pool wait") == true, "\(problem)")

            try await holder.release()
            #expect(try await server.send(.GET, "/couches/\(couch)").status == .ok)
        }
    }

    @Test func requestsBeyondTheWaitingLimitAreShedAtOnce() async throws {
        try await TestServer.with({ configuration in
            configuration.database.poolSize = 2
            configuration.database.maxWaiting = 1
            configuration.database.poolWait = .seconds(20)
        }) { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            let holder = try await ConnectionHold.takeAll(server.database.client, count: 2)

            // One request may wait for the held connection; the next one finds the queue full.
            let waiting = Task { try await server.send(.GET, "/couches/\(couch)") }
            try await eventually("the first request waits for a connection") { server.database.client.callsInFlight == 3 }
            let started = ContinuousClock.now
            let shed = try await server.send(.GET, "/couches/\(couch)")
            let answeredAfter = ContinuousClock.now - started
            let problem = try shed.problem(.serviceUnavailable)
            #expect((problem["detail"] as? String)?.contains("load shedding") == true, "\(problem)")
            #expect(answeredAfter < .seconds(10), "shed at once, not after the 20 s pool wait (\(answeredAfter))")

            try await holder.release()
            #expect(try await waiting.value.status == .ok, "the request in the queue is served once the connection is free")
        }
    }
}

/// A row lock (`FOR UPDATE`) on a couch, held by a transaction of its own until released.
struct RowLock {
    let release: @Sendable () async throws -> Void

    static func hold(_ couch: UUID, on pool: DatabasePool) async throws -> RowLock {
        let hold = try await ConnectionHold.take(pool) { connection in
            try await connection.query("BEGIN", logger: TestDatabases.logger)
            try await connection.query("SELECT 1 FROM couches WHERE id = \(couch) FOR UPDATE", logger: TestDatabases.logger)
        } finally: { connection in
            try await connection.query("ROLLBACK", logger: TestDatabases.logger)
        }
        return RowLock(release: hold.release)
    }
}

extension ConnectionHold {
    /// A transaction on a connection of its own that has run `statement` and stays open until
    /// released, then commits.
    static func openTransaction(_ pool: DatabasePool, running statement: PostgresQuery) async throws -> ConnectionHold {
        try await take(pool) { connection in
            try await connection.query("BEGIN", logger: TestDatabases.logger)
            try await connection.query(statement, logger: TestDatabases.logger)
        } finally: { connection in
            try await connection.query("COMMIT", logger: TestDatabases.logger)
        }
    }
}

/// A pooled connection taken from the server's pool and kept until released.
struct ConnectionHold {
    let release: @Sendable () async throws -> Void

    /// `count` connections at once, released together. Taken with a job's patience: on a loaded
    /// machine opening a connection can outlast the short bound a test gives requests.
    static func takeAll(_ pool: DatabasePool, count: Int) async throws -> ConnectionHold {
        var holds: [ConnectionHold] = []
        for _ in 0..<count { holds.append(try await DatabaseWork.$current.withValue(.job) { try await take(pool) }) }
        return ConnectionHold { [holds] in for hold in holds { try await hold.release() } }
    }

    static func take(
        _ pool: DatabasePool,
        then prepare: @escaping @Sendable (PostgresConnection) async throws -> Void = { _ in },
        finally finish: @escaping @Sendable (PostgresConnection) async throws -> Void = { _ in }
    ) async throws -> ConnectionHold {
        let (taken, hasTaken) = AsyncThrowingStream<Void, any Error>.makeStream()
        let (released, release) = AsyncStream<Void>.makeStream()
        let holder = Task {
            do {
                try await pool.withConnection { connection in
                    try await prepare(connection)
                    hasTaken.yield()
                    for await _ in released {}
                    try await finish(connection)
                }
            } catch {
                hasTaken.finish(throwing: error)
                throw error
            }
        }
        for try await _ in taken { break }
        return ConnectionHold {
            release.finish()
            try await holder.value
        }
    }
}
