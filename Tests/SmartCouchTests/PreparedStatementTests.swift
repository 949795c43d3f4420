import Foundation
import PostgresNIO
import TestSupport
import Testing

@testable import SmartCouchBootstrap
@testable import SmartCouchPersistence

/// Statements the server keeps prepared on its connections: a connection whose preparation of one
/// was refused keeps that refusal for good, and the statement must still answer there.
@Suite struct PreparedStatementTests {
    /// One connection for the server once the test holds the other, so that a refused preparation
    /// and every later request meet on the same connection.
    static func refusedOnOneConnection(_ configuration: inout Settings) {
        configuration.database.poolSize = 2
        configuration.database.poolWait = .seconds(10)
    }

    @Test func aConsolePageWhoseSessionStatementFailedToPrepareStillOpensOnThatConnection() async throws {
        try await TestServer.with(Self.refusedOnOneConnection) { server in
            let host = try await server.register("Host")
            _ = try await server.createCouch(by: host)
            let browser = ConsoleBrowser(server)
            // Signing in does not read a session: the first console page is what prepares it.
            #expect(try await browser.signIn(host.email, host.password).status == .seeOther)

            // As while a migration holds the table: the preparation waits for its lock and is
            // refused. The connection that held the lock stays taken after, so that the pages
            // after it are read on the connection whose preparation was refused.
            try await server.withTableLocked("sessions") {
                let refused = try await browser.get("/console")
                #expect(refused.status == .serviceUnavailable, "\(refused.status): \(refused.text)")
            } then: {
                for _ in 0..<3 {
                    let page = try await browser.get("/console")
                    #expect(page.status == .ok, "\(page.status): \(page.text)")
                }
            }
        }
    }

    /// Each statement the console's pages ask most is kept prepared under a name of its own. A
    /// name PostgreSQL would cut (63 bytes) or one taken by another statement is never prepared:
    /// it would quietly run unprepared, or run the other statement's text.
    @Test func aCouchsPagesKeepEachOfTheirStatementsPreparedUnderItsOwnName() async throws {
        try await TestServer.with({ configuration in
            // One connection for the server's requests while the test holds the other.
            configuration.database.poolSize = 2
            configuration.database.poolWait = .seconds(10)
        }) { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            let browser = ConsoleBrowser(server)
            #expect(try await browser.signIn(host.email, host.password).status == .seeOther)
            let names = try await server.preparedStatements(after: {
                for path in [
                    "/console", "/console/couches/\(couch)/calendar", "/console/couches/\(couch)/home",
                    "/console/couches/\(couch)/settings", "/console/webhooks"
                ] {
                    let page = try await browser.get(path)
                    #expect(page.status == .ok, "\(path): \(page.status)")
                }
            })
            let expected: Set = [
                "current_session", "owned_couch_names", "couch_by_id", "devices_on_couch", "hub_of_couch", "terms_of_couch", "feeds_of_couch",
                "webhooks_of_user", "triggers_of_couch", "presence_switched_on", "scenes_of_couch",
                // Today's: the days around today, the next guests, the conflicts.
                "reservations_of_owner", "imported_stays_of_owner", "next_confirmed_stays", "next_placed_imports", "conflict_counts_of_owner",
                // A month's calendar.
                "reservations_of_couch", "imported_stays_of_couch", "conflicts_of_couch", "occupied_nights"
            ]
            #expect(expected.isSubset(of: names), "prepared on the server's connection: \(names.sorted())")
        }
    }

    /// A search is prepared per shape (which filters, which order, a cursor or none): each shape
    /// once on a connection, answering as it did when it was planned every time.
    @Test func eachShapeOfASearchIsPreparedOnceUnderANameOfItsOwn() async throws {
        try await TestServer.with({ configuration in
            // One connection for the server's requests while the test holds the other.
            configuration.database.poolSize = 2
            configuration.database.poolWait = .seconds(10)
        }) { server in
            let host = try await server.register("Host")
            var budapest: [UUID] = []
            for index in 0..<3 { budapest.append(try await server.createCouch(by: host, ["name": "Couch \(index)", "maxGuests": 2 + index])) }
            let szeged = try await server.createCouch(by: host, ["city": "Szeged"])
            let shapes = [
                ("city=Budapest", Array(budapest.reversed())),
                ("city=Szeged", [szeged]),
                ("city=Budapest&guests=3", [budapest[2], budapest[1]]),
                ("guests=4", [szeged, budapest[2]])
            ]
            let names = try await server.preparedStatements(after: {
                for _ in 0..<2 {
                    for (query, expected) in shapes {
                        let found = try await server.search(query)
                        #expect(found == expected, "\(query)")
                    }
                }
                // A page after a cursor is a shape of its own.
                let pages = try await server.allPages("/couches?city=Budapest&limit=2")
                #expect(pages.flatMap { $0 }.map(\.id) == budapest.reversed())
            }).filter { $0.hasPrefix("shape_") }
            // A city, whichever it is and however many a page holds, is one shape; with guests, guests
            // alone and a city's page after a cursor are three more.
            #expect(names.count == 4, "\(names.sorted())")
        }
    }

    /// A search whose preparation was refused (as while a migration holds the couches) is asked
    /// plainly on that connection from then on, and answers.
    @Test func aSearchWhosePreparationWasRefusedStillAnswersOnThatConnection() async throws {
        try await TestServer.with(Self.refusedOnOneConnection) { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            try await server.withTableLocked("couches") {
                let refused = try await server.send(.GET, "/couches?city=Budapest")
                #expect(refused.status == .serviceUnavailable, "\(refused.status): \(refused.text)")
            } then: {
                for _ in 0..<3 {
                    let found = try await server.search("city=Budapest")
                    #expect(found == [couch])
                }
            }
        }
    }

    /// A booking refused for its nights broke a constraint while running: its statements stay
    /// prepared on that connection, and the bookings after it run them prepared.
    @Test func aBookingRefusedForItsNightsLeavesItsStatementsPrepared() async throws {
        try await TestServer.with(Self.refusedOnOneConnection) { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            try await server.insertStay(couch: couch, guest: guest, server.date(10), server.date(12))
            let runs = try await server.preparedStatementRuns(after: {
                let refused = try await server.reserve(guest, couch, from: 11, to: 13)
                #expect(refused.status == .conflict, "\(refused.status): \(refused.text)")
                for week in 1...2 { _ = try await server.book(guest, couch, from: 7 * week + 7, to: 7 * week + 9) }
            }).filter { $0.key.hasPrefix("shape_") }
            // The couch's lock, its terms and the insert: each ran three times, prepared.
            #expect(runs.count == 3 && runs.values.allSatisfy { $0 == 3 }, "\(runs)")
        }
    }

    /// A booking's statements are kept prepared inside its transaction, where a refused
    /// preparation cannot be asked plainly on another connection: the connection asks that
    /// statement plainly from then on, and books.
    @Test func aBookingWhosePreparationWasRefusedStillBooksOnThatConnection() async throws {
        try await TestServer.with(Self.refusedOnOneConnection) { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            // The booking reads the couch's price ranges with its terms.
            try await server.withTableLocked("couch_price_ranges") {
                let refused = try await server.reserve(guest, couch, from: 10, to: 12)
                #expect(refused.status == .serviceUnavailable, "\(refused.status): \(refused.text)")
            } then: {
                for week in 1...3 { _ = try await server.book(guest, couch, from: 7 * week, to: 7 * week + 2) }
            }
            #expect(try await server.count("reservations", where: "couch_id = '\(couch)'") == 3)
        }
    }
}

extension TestServer {
    /// The names of the statements prepared on the server's one other connection after `body`,
    /// which runs while the test holds the first of its two.
    fileprivate func preparedStatements(after body: () async throws -> Void) async throws -> Set<String> {
        Set(try await preparedStatementRuns(after: body).keys)
    }

    /// The same, each with the times it ran prepared.
    fileprivate func preparedStatementRuns(after body: () async throws -> Void) async throws -> [String: Int] {
        try await holdingAConnection(body) {
            try await database.client.withConnection { connection in
                var runs: [String: Int] = [:]
                let query: PostgresQuery = "SELECT name, (generic_plans + custom_plans)::int FROM pg_prepared_statements"
                for try await (name, count) in try await connection.query(query, logger: TestDatabases.logger).decode((String, Int).self) {
                    runs[name] = count
                }
                return runs
            }
        }
    }

    /// As while a migration holds `table`: `locked` runs while one of the server's two connections
    /// holds the table's lock, and what waits for it there is cancelled, as a lock or statement
    /// bound would end it, so a preparation waiting for it is refused; `unlocked` once
    /// the lock is let go, with that connection still held, so that what it asks meets the
    /// connection whose preparation was refused.
    fileprivate func withTableLocked(_ table: String, _ locked: () async throws -> Void, then unlocked: () async throws -> Void) async throws {
        let (steps, step) = AsyncStream<Void>.makeStream()
        let (unlock, unlocking) = AsyncStream<Void>.makeStream()
        let (release, releasing) = AsyncStream<Void>.makeStream()
        let holder = Task {
            try await DatabaseWork.$current.withValue(.job) {
                try await database.client.withConnection { connection in
                    try await connection.query("BEGIN", logger: TestDatabases.logger)
                    try await connection.query(PostgresQuery(unsafeSQL: "LOCK TABLE \(table) IN ACCESS EXCLUSIVE MODE"), logger: TestDatabases.logger)
                    step.yield()
                    // What waits for the lock is refused at once: a booking lifts the lock bound,
                    // and its statement bound would leave a loaded machine too little for the rest.
                    let refusing = Task {
                        while !Task.isCancelled {
                            let cancel = PostgresQuery(
                                unsafeSQL: "SELECT pg_cancel_backend(pid) FROM pg_locks WHERE relation = '\(table)'::regclass AND NOT granted")
                            for try await _ in try await connection.query(cancel, logger: TestDatabases.logger) {}
                            try await Task.sleep(for: .milliseconds(20))
                        }
                    }
                    for await _ in unlock {}
                    refusing.cancel()
                    _ = await refusing.result
                    try await connection.query("ROLLBACK", logger: TestDatabases.logger)
                    step.yield()
                    for await _ in release {}
                }
            }
        }
        defer {
            unlocking.finish()
            releasing.finish()
        }
        var progress = steps.makeAsyncIterator()
        await progress.next()
        try await locked()
        unlocking.finish()
        await progress.next()
        try await unlocked()
        releasing.finish()
        try await holder.value
    }

    /// `body` while a task of the test's holds one connection of the pool, then `after` (still held).
    private func holdingAConnection<Result: Sendable>(_ body: () async throws -> Void, then after: () async throws -> Result) async throws
        -> Result
    {
        let (held, hasHeld) = AsyncStream<Void>.makeStream()
        let (release, releasing) = AsyncStream<Void>.makeStream()
        let holder = Task {
            try await DatabaseWork.$current.withValue(.job) {
                try await database.client.withConnection { _ in
                    hasHeld.yield()
                    for await _ in release {}
                }
            }
        }
        for await _ in held { break }
        defer { releasing.finish() }
        try await body()
        let result = try await after()
        releasing.finish()
        try await holder.value
        return result
    }
}
