import Foundation
import TestSupport
import Testing

/// The exported calendar as an importer reads it: one event per stay, block, imported event or
/// turnover, under one UID for its life, whose SEQUENCE and DTSTAMP grow with every change.
@Suite struct CalendarExportTests {
    struct Exported: Equatable {
        var uid: String
        var sequence: Int
        var stamp: String
    }

    /// The export's events by their dates, "first-night/check-out"; two events with the same dates
    /// are a failure of the test that asks.
    static func export(_ server: TestServer, _ couch: UUID, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Exported] {
        let events = try ICalendarFile(try await server.send(.GET, "/couches/\(couch)/calendar.ics").body).events
        var byDates: [String: Exported] = [:]
        for event in events {
            let dates = "\(event["DTSTART;VALUE=DATE"] ?? "?")/\(event["DTEND;VALUE=DATE"] ?? "?")"
            #expect(byDates[dates] == nil, "two events on \(dates)", sourceLocation: sourceLocation)
            byDates[dates] = Exported(uid: event["UID"] ?? "", sequence: Int(event["SEQUENCE"] ?? "") ?? -1, stamp: event["DTSTAMP"] ?? "")
        }
        return byDates
    }

    static func dates(_ server: TestServer, _ from: Int, _ to: Int) -> String {
        "\(server.date(from).replacingOccurrences(of: "-", with: ""))/\(server.date(to).replacingOccurrences(of: "-", with: ""))"
    }

    @Test func anImportedEventKeepsItsUIDWhateverHappensToItsConflicts() async throws {
        try await TestServer.withHome { server, home in
            let guest = try await server.register("Guest")
            let booking = try await server.book(guest, home.couchId, from: 20, to: 21)
            let block = try #require(
                try await server.send(
                    .POST, "/couches/\(home.couchId)/blocks", json: ["from": server.date(25), "to": server.date(26)],
                    token: home.host.accessToken
                ).json["id"] as? String)
            let other = try await Channels.addFeed(server, home, "b", [("b-1", 16, 19, "Reserved")])
            _ = try await Channels.addFeed(server, home, "a", [("a-1", 18, 27, "Reserved")])
            let a1 = Self.dates(server, 18, 27)
            let first = try #require(try await Self.export(server, home.couchId)[a1], "one event with the channel's dates, whatever it holds")

            try await server.send(.POST, "/reservations/\(booking)/cancel", token: guest.accessToken).expect(.ok)
            #expect(try await Self.export(server, home.couchId)[a1] == first, "a cancellation here frees one of its nights")
            try await server.send(.DELETE, "/couches/\(home.couchId)/blocks/\(block)", token: home.host.accessToken).expect(.noContent)
            #expect(try await Self.export(server, home.couchId)[a1] == first, "a block removed frees another")
            try await server.send(.DELETE, "/couches/\(home.couchId)/calendars/\(other)", token: home.host.accessToken).expect(.noContent)
            #expect(try await Self.export(server, home.couchId)[a1] == first, "the other channel's feed deleted frees the last")
            #expect(try await Channels.conflictsByUID(server, home).isEmpty)
        }
    }

    @Test func everyChangeOfDatesGrowsTheSequenceAndTheStampAndNothingElseDoes() async throws {
        try await TestServer.withHome { server, home in
            let guest = try await server.register("Guest")
            try await server.send(.PUT, "/couches/\(home.couchId)/rules", json: ["turnoverDays": 1], token: home.host.accessToken).expect(.ok)
            let stay = try await server.book(guest, home.couchId, from: 10, to: 15)
            let feed = try await Channels.addFeed(
                server, home, "a", [("a-1", 30, 33, "Reserved"), ("a-2", 40, 42, "Airbnb (Not available)")])
            let before = try await Self.export(server, home.couchId)
            let (booked, turnover) = (try #require(before[Self.dates(server, 10, 15)]), try #require(before[Self.dates(server, 15, 16)]))
            let (moving, growing) = (try #require(before[Self.dates(server, 30, 33)]), try #require(before[Self.dates(server, 40, 42)]))
            #expect([booked, turnover, moving, growing].allSatisfy { $0.sequence == 0 }, "\(before)")
            #expect(try await Self.export(server, home.couchId) == before, "fetched again, nothing changed")

            try await server.send(.POST, "/reservations/\(stay)/shorten", json: ["checkOut": server.date(13)], token: home.host.accessToken).expect(
                .ok)
            try await Channels.publish(
                home.simulator, "a",
                Channels.feed([
                    ("a-1", server.date(31), server.date(34), "Reserved"), ("a-2", server.date(40), server.date(45), "Airbnb (Not available)")
                ]))
            try await server.send(.POST, "/couches/\(home.couchId)/calendars/\(feed)/sync", token: home.host.accessToken).expect(.ok)
            let after = try await Self.export(server, home.couchId)
            for (was, dates, what) in [
                (booked, Self.dates(server, 10, 13), "the shortened stay"), (turnover, Self.dates(server, 13, 14), "its turnover"),
                (moving, Self.dates(server, 31, 34), "the moved import"), (growing, Self.dates(server, 40, 45), "the grown block")
            ] {
                let now = try #require(after[dates], "\(what) on \(dates): \(after)")
                #expect(now.uid == was.uid && now.sequence == was.sequence + 1, "\(what): \(was) → \(now)")
                #expect(now.stamp > was.stamp, "\(what)'s DTSTAMP grows: \(was) → \(now)")
            }
            #expect(try await Self.export(server, home.couchId) == after, "and stays as it is until the next change")
        }
    }
}
