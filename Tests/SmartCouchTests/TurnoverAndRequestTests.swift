import Foundation
import TestSupport
import Testing

/// Turnover days in the one occupancy invariant, requests to book that hold their nights until the
/// host answers, and a host shortening a stay.
@Suite struct TurnoverAndRequestTests {
    static func setRules(_ server: TestServer, _ couch: UUID, by host: Account, _ rules: [String: Any]) async throws {
        try await server.send(.PUT, "/couches/\(couch)/rules", json: rules, token: host.accessToken).expect(.ok)
    }

    @Test func turnoverKeepsNightsFreeAfterEveryStayAndShowsThemAsTaken() async throws {
        try await TestServer.withHome({ TestServer.tokensOutlivingTheClock(&$0) }) { server, home in
            server.moveClockToNoon(in: "Europe/Budapest")
            let guest = try await server.register("Guest")
            try await Self.setRules(server, home.couchId, by: home.host, ["turnoverDays": 2])
            _ = try await server.book(guest, home.couchId, from: 10, to: 13)

            try await server.reserve(guest, home.couchId, from: 13, to: 15).problem(.conflict)
            try await server.reserve(guest, home.couchId, from: 14, to: 16).problem(.conflict)
            try await server.reserve(guest, home.couchId, from: 7, to: 9).problem(.conflict)
            let taken = try await Channels.taken(server, home)
            #expect(taken == Set((10..<15).map { server.date($0) }), "the turnover nights are taken: \(taken.sorted())")
            let exported = try await server.send(.GET, "/couches/\(home.couchId)/calendar.ics").text
            #expect(exported.contains("DTSTART;VALUE=DATE:\(server.date(13).replacingOccurrences(of: "-", with: ""))"), "\(exported)")
            #expect(
                try await server.search("checkIn=\(server.date(6))&checkOut=\(server.date(9))").contains(home.couchId) == false,
                "a stay whose own turnover runs into the next is not offered")
            #expect(try await server.search("checkIn=\(server.date(15))&checkOut=\(server.date(17))").contains(home.couchId))
            _ = try await server.book(guest, home.couchId, from: 15, to: 17)
            _ = try await server.book(guest, home.couchId, from: 6, to: 8)

            // Turnover off: the nights after the stays are free at once; back on, they are kept again.
            try await Self.setRules(server, home.couchId, by: home.host, ["turnoverDays": 0])
            #expect(try await Channels.taken(server, home).count == 2 + 3 + 2)
            try await Self.setRules(server, home.couchId, by: home.host, ["turnoverDays": 1])
            #expect(try await Channels.taken(server, home) == Set([6, 7, 8, 10, 11, 12, 13, 15, 16, 17].map { server.date($0) }))
        }
    }

    @Test func anImportedStayThatBreaksTheTurnoverIsHonouredAndShownAsAConflict() async throws {
        try await TestServer.withHome({ TestServer.tokensOutlivingTheClock(&$0) }) { server, home in
            server.moveClockToNoon(in: "Europe/Budapest")
            let guest = try await server.register("Guest")
            try await Self.setRules(server, home.couchId, by: home.host, ["turnoverDays": 1])
            _ = try await server.book(guest, home.couchId, from: 10, to: 12)
            // The channel sold the night after the booking, its turnover day, and the night before it.
            _ = try await Channels.addFeed(server, home, "airbnb", [("a-1", 12, 14, "Reserved"), ("a-2", 8, 10, "Reserved")])
            let conflicts = try await Channels.conflicts(server, home)
            #expect(conflicts.count == 2, "\(conflicts)")
            let byUID = Dictionary(uniqueKeysWithValues: conflicts.map { (($0["imported"] as? [String: Any])?["uid"] as? String ?? "", $0) })
            #expect(byUID["a-1"]?["nights"] as? [[String: String]] == [["checkIn": server.date(12), "checkOut": server.date(13)]])
            #expect((byUID["a-1"]?["heldBy"] as? [String: Any])?["source"] as? String == "turnover")
            #expect(byUID["a-2"]?["nights"] as? [[String: String]] == [], "it holds all its own nights")
            #expect(
                byUID["a-2"]?["turnoverNights"] as? [[String: String]] == [["checkIn": server.date(10), "checkOut": server.date(11)]],
                "its own turnover day is the booking's first night")
            // Never refused: what the channel sold that nobody else holds is held.
            #expect(try await Channels.taken(server, home).isSuperset(of: [8, 9, 13].map { server.date($0) }))
        }
    }

    @Test func fiftyGuestsRaceForDatesTheTurnoverMakesOverlapAndOneWins() async throws {
        try await TestServer.with { server in
            server.moveClockToNoon(in: "Europe/Budapest")
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            try await Self.setRules(server, couch, by: host, ["turnoverDays": 3])
            var guests: [Account] = []
            for index in 0..<50 { guests.append(try await server.register("Guest \(index)")) }
            // Every stay is 2 nights starting somewhere in days 20–24: no two of them are three
            // days apart, so the turnover makes any two overlap.
            let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for (index, guest) in guests.enumerated() {
                    group.addTask { try await server.reserve(guest, couch, from: 20 + index % 5, to: 22 + index % 5) }
                }
                return try await group.reduce(into: [TestResponse]()) { $0.append($1) }
            }
            let statuses = answers.map(\.status.code).sorted()
            #expect(statuses.filter { $0 == 201 }.count == 1, "\(statuses)")
            // Any other answer is printed whole: a 503 says which bound it met.
            let unexpected = answers.filter { ![201, 409].contains($0.status.code) }.map { "\($0.status.code) \($0.text)" }
            #expect(unexpected.isEmpty, "\(statuses): \(Set(unexpected))")
            #expect(try await server.count("reservations") == 1)
        }
    }

    @Test func aRequestHoldsItsNightsUntilTheHostAnswersOrItExpires() async throws {
        try await TestServer.with({
            TestServer.operators(&$0)
            TestServer.tokensOutlivingTheClock(&$0)
        }) { server in
            server.moveClockToNoon(in: "Europe/Budapest")
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let other = try await server.register("Other")
            let couch = try await server.createCouch(by: host)
            try await Self.setRules(server, couch, by: host, ["instantBook": false, "requestExpiryHours": 24])

            let asked = try await server.reserve(guest, couch, from: 10, to: 12)
            asked.expect(.created)
            let request = try asked.json
            #expect(request["status"] as? String == "requested")
            #expect(request["requestExpiresAt"] is String)
            let id = try #require(request["id"] as? String)
            try await server.reserve(other, couch, from: 11, to: 13).problem(.conflict)
            try await server.send(.POST, "/reservations/\(id)/accept", token: guest.accessToken).problem(.forbidden)
            try await server.send(.POST, "/reservations/\(id)/accept", token: other.accessToken).problem(.notFound)
            #expect(try await server.count("guest_stays", where: "stay_id = '\(id)'") == 0, "a request lets nobody in")

            let accepted = try await server.send(.POST, "/reservations/\(id)/accept", token: host.accessToken)
            #expect(try accepted.json["status"] as? String == "confirmed", "\(accepted.text)")
            try await server.send(.POST, "/reservations/\(id)/decline", token: host.accessToken).problem(.conflict)
            #expect(try await server.count("guest_stays", where: "stay_id = '\(id)'") == 1)

            let declinedId = try #require(try await server.reserve(other, couch, from: 20, to: 22).json["id"] as? String)
            #expect(
                try await server.send(.POST, "/reservations/\(declinedId)/decline", token: host.accessToken).json["status"] as? String == "declined")
            let free = try await server.reserve(guest, couch, from: 20, to: 22)
            free.expect(.created)

            // Unanswered for a day: the request expires and its nights are free again.
            let lapsing = try #require(try await server.reserve(other, couch, from: 30, to: 32).json["id"] as? String)
            server.advanceClock(days: 1)
            try await server.send(.POST, "/reservations/\(lapsing)/accept", token: host.accessToken).problem(.conflict)
            #expect(try await server.send(.GET, "/reservations/user/\(other.id)?status=expired", token: other.accessToken).jsonArray.count == 1)
            #expect(try await server.search("checkIn=\(server.date(29))&checkOut=\(server.date(31))").contains(couch))
            let lapsed = try #require(try await server.reserve(other, couch, from: 40, to: 42).json["id"] as? String)
            server.advanceClock(days: 2)
            #expect(try await server.runJob("request-expiry")["summary"] as? [String: Int] == ["expired": 1])
            #expect(
                try await server.send(.GET, "/reservations/user/\(other.id)?status=expired", token: other.accessToken).jsonArray
                    .contains { $0["id"] as? String == lapsed })
        }
    }

    @Test func aHostShortensAStayUnderWayAndRefundsTheNightsLetGo() async throws {
        try await TestServer.withHome({ TestServer.tokensOutlivingTheClock(&$0) }) { server, home in
            server.moveClockToNoon(in: "Europe/Budapest")
            let guest = try await server.register("Guest")
            try await server.send(
                .PUT, "/couches/\(home.couchId)/prices", json: ["nightly": "100.00", "weeklyDiscountPercent": 10, "cleaningFee": "25.00"],
                token: home.host.accessToken
            ).expect(.ok)
            let stay = try await server.book(guest, home.couchId, from: 0, to: 7)
            server.advanceClock(days: 2)

            try await server.send(.POST, "/reservations/\(stay)/shorten", json: ["checkOut": server.date(5)], token: guest.accessToken).problem(
                .forbidden)
            try await server.send(.POST, "/reservations/\(stay)/shorten", json: ["checkOut": server.date(-1)], token: home.host.accessToken)
                .problem(.unprocessableEntity)
            let shortened = try await server.send(
                .POST, "/reservations/\(stay)/shorten", json: ["checkOut": server.date(1)], token: home.host.accessToken
            )
            .expect(.ok).json
            #expect(shortened["checkOut"] as? String == server.date(1))
            // 7 nights at 100 less 10 % = 630 + 25; 3 nights kept: 300 less their 30 of the discount, + 25.
            #expect(shortened["totalPrice"] as? String == "295.00", "\(shortened)")
            #expect(shortened["refund"] as? String == "360.00")
            _ = try await server.book(guest, home.couchId, from: 1, to: 3)
        }
    }
}
