import Foundation
import Testing

/// Dates a host takes off the market, and the one rule over them and bookings: no two overlap.
@Suite struct BlockTests {
    @Test func aBlockTakesNightsAsABookingDoes() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            let blocked = try await server.send(
                .POST, "/couches/\(couch)/blocks",
                json: [
                    "from": server.date(10), "to": server.date(13), "reason": "owner stay"
                ], token: host.accessToken)
            #expect(blocked.status == .created, "\(blocked.text)")
            let block = try blocked.json
            #expect(block["reason"] as? String == "owner stay" && block["from"] as? String == server.date(10))

            // Booking any of those nights is refused; the night it ends is free.
            try await server.reserve(guest, couch, from: 12, to: 14).problem(.conflict)
            try await server.reserve(guest, couch, from: 9, to: 11).problem(.conflict)
            _ = try await server.book(guest, couch, from: 13, to: 15)

            // Everyone sees the nights as taken, nobody sees why.
            let taken = try await server.send(.GET, "/couches/\(couch)/availability?from=\(server.date(0))&to=\(server.date(30))").jsonArray
            #expect(taken.map { $0["checkIn"] as? String } == [server.date(10), server.date(13)])
            #expect(taken.allSatisfy { Set($0.keys) == ["checkIn", "checkOut"] })
            let feed = try await server.send(.GET, "/couches/\(couch)/calendar.ics").text
            #expect(feed.contains("SUMMARY:Not available") && feed.contains("SUMMARY:Booked") && !feed.contains("owner stay"))
            #expect(try await server.search("checkIn=\(server.date(11))&checkOut=\(server.date(12))").contains(couch) == false)
            #expect(try await server.search("checkIn=\(server.date(20))&checkOut=\(server.date(21))").contains(couch))

            // Listed for the owner only; removing it frees the nights.
            let page = try await server.send(.GET, "/couches/\(couch)/blocks", token: host.accessToken).json
            #expect((page["items"] as? [[String: Any]])?.map { $0["id"] as? String } == [block["id"] as? String])
            try await server.send(.GET, "/couches/\(couch)/blocks", token: guest.accessToken).problem(.forbidden)
            try await server.send(.DELETE, "/couches/\(couch)/blocks/\(block["id"] as! String)", token: guest.accessToken).problem(.forbidden)
            #expect(
                try await server.send(.DELETE, "/couches/\(couch)/blocks/\(block["id"] as! String)", token: host.accessToken).status == .noContent)
            try await server.send(.DELETE, "/couches/\(couch)/blocks/\(block["id"] as! String)", token: host.accessToken).problem(.notFound)
            _ = try await server.book(guest, couch, from: 10, to: 13)
        }
    }

    @Test func aBlockCannotCoverBookedNightsOrBadDates() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            _ = try await server.book(guest, couch, from: 5, to: 8)
            func block(_ body: [String: Any], as account: Account? = nil) async throws -> TestResponse {
                try await server.send(.POST, "/couches/\(couch)/blocks", json: body, token: (account ?? host).accessToken)
            }
            try await block(["from": server.date(7), "to": server.date(9)]).problem(.conflict)
            try await block(["from": server.date(9), "to": server.date(9)]).problem(.unprocessableEntity)
            try await block(["from": server.date(-5), "to": server.date(-2)]).problem(.unprocessableEntity)
            try await block(["from": server.date(1), "to": server.date(400)]).problem(.unprocessableEntity)
            try await block(["from": "2030-02-30", "to": server.date(9)]).problem(.unprocessableEntity)
            try await block(["from": server.date(9), "to": server.date(10), "reason": String(repeating: "x", count: 201)]).problem(
                .unprocessableEntity)
            try await block(["from": server.date(9), "to": server.date(10)], as: guest).problem(.forbidden)
            try await server.send(.POST, "/couches/\(UUID())/blocks", json: ["from": server.date(9), "to": server.date(10)], token: host.accessToken)
                .problem(.notFound)
            #expect(try await server.count("occupancies", where: "source = 'block'") == 0)
            // Back to back with the stay is fine.
            #expect(try await block(["from": server.date(8), "to": server.date(9)]).status == .created)
        }
    }

    @Test func bookingsAndABlockRacingForTheSameNightsLeaveOneOccupancy() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host, ["maxGuests": 4])
            var guests: [Account] = []
            for index in 0..<24 { guests.append(try await server.register("Guest \(index)")) }
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for guest in guests {
                    group.addTask { try await server.reserve(guest, couch, from: 20, to: 23).status.code }
                }
                group.addTask {
                    try await server.send(
                        .POST, "/couches/\(couch)/blocks", json: ["from": server.date(21), "to": server.date(22)], token: host.accessToken
                    ).status.code
                }
                return try await group.reduce(into: [UInt]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 1, "\(statuses.sorted())")
            #expect(statuses.filter { $0 == 409 }.count == statuses.count - 1, "\(statuses.sorted())")
            #expect(try await server.count("occupancies", where: "couch_id = '\(couch)'") == 1)
        }
    }
}
