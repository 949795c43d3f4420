import Foundation
import PostgresNIO
import SmartCouchBootstrap
import SmartCouchDomain
import SmartCouchHTTP
import SmartCouchPersistence
import SmartCouchServices
import Testing

extension TestServer {
    /// For tests that move the clock by days: access tokens that outlive the trip.
    static func tokensOutlivingTheClock(_ configuration: inout Settings) {
        configuration.accessTokenLifetime = 400 * 24 * 3600
    }

    /// A host's couch and a guest's two nights there from tomorrow, with the clock moved past them.
    func endedStay() async throws -> (host: Account, guest: Account, couch: UUID, reservation: UUID) {
        let host = try await register("Host")
        let guest = try await register("Guest")
        let couch = try await createCouch(by: host)
        let reservation = try await book(guest, couch, from: 1, to: 3)
        advanceClock(days: 4)
        return (host, guest, couch, reservation)
    }

    /// The date `days` after today as the server's clock has it on a wall clock in `timeZone`
    /// (the test couches' zone by default), as `YYYY-MM-DD`.
    func date(_ days: Int, in timeZone: String = "Europe/Budapest") -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone)!
        let day = calendar.date(byAdding: .day, value: days, to: clock.now)!
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// Moves the server's clock forward to the next noon in `timeZone`, so that "today" there cannot
    /// change while a test runs.
    func moveClockToNoon(in timeZone: String) {
        moveClock(toNext: 12, in: timeZone)
    }

    /// Moves the server's clock forward to the next full `hour` in `timeZone`: a test of a stay in
    /// progress starts after the test couches' 15:00 check-in whatever the time of day it runs.
    func moveClock(toNext hour: Int, in timeZone: String = "Europe/Budapest") {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone)!
        let next = calendar.nextDate(after: clock.now, matching: DateComponents(hour: hour, minute: 0, second: 0), matchingPolicy: .nextTime)!
        clock.advance(by: next.timeIntervalSince(clock.now))
    }

    /// Moves the server's clock by whole days.
    func advanceClock(days: Int) {
        clock.advance(by: TimeInterval(days) * 24 * 3600)
    }

    /// A reservation request body.
    static func reservationBody(_ couch: UUID, _ checkIn: String, _ checkOut: String, guests: Int = 2) -> [String: Any] {
        ["couchId": couch.uuidString.lowercased(), "checkIn": checkIn, "checkOut": checkOut, "guests": guests]
    }

    /// Asks to book from `checkIn` to `checkOut` days after today.
    func reserve(_ guest: Account, _ couch: UUID, from checkIn: Int, to checkOut: Int, guests: Int = 2, headers: [(String, String)] = []) async throws
        -> TestResponse
    {
        try await send(
            .POST, "/reservations", json: Self.reservationBody(couch, date(checkIn), date(checkOut), guests: guests),
            token: guest.accessToken, headers: headers)
    }

    /// Books and expects success; returns the reservation's id.
    func book(_ guest: Account, _ couch: UUID, from checkIn: Int, to checkOut: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> UUID
    {
        let response = try await reserve(guest, couch, from: checkIn, to: checkOut)
        #expect(response.status == .created, "book: \(response.text)", sourceLocation: sourceLocation)
        return try #require(UUID(uuidString: try response.json["id"] as? String ?? ""), sourceLocation: sourceLocation)
    }

    /// The one text value a query yields, read straight from the database; nil when it yields no row.
    func scalar(_ sql: String) async throws -> String? {
        try await database.client.query(PostgresQuery(unsafeSQL: sql)).decode(String?.self).atMostOne() ?? nil
    }

    /// Rows of a table matching a condition, read straight from the database.
    func count(_ table: String, where condition: String = "true") async throws -> Int {
        let rows = try await database.client.query(PostgresQuery(unsafeSQL: "SELECT count(*)::int FROM \(table) WHERE \(condition)"))
        return try await rows.decode(Int.self).only()
    }
}

extension TestResponse {
    /// The fields a validation problem names.
    var problemFields: Set<String> {
        get throws { Set((try json["errors"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }) }
    }
}
