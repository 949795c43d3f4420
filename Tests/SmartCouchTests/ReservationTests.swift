import Foundation
import Testing

@Suite struct ReservationTests {
    @Test func aBookingIsConfirmedPricedAndOpensTheConversation() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host, ["nightlyPrice": "80.50"])

            let response = try await server.reserve(guest, couch, from: 10, to: 13, guests: 3)
            #expect(response.status == .created)
            let reservation = try response.json
            #expect(reservation["couchId"] as? String == couch.uuidString.lowercased())
            #expect(reservation["guestId"] as? String == guest.id.uuidString.lowercased())
            #expect(reservation["guestName"] as? String == "Guest")
            #expect(reservation["checkIn"] as? String == server.date(10))
            #expect(reservation["checkOut"] as? String == server.date(13))
            #expect(reservation["guests"] as? Int == 3)
            #expect(reservation["status"] as? String == "confirmed")
            #expect(reservation["totalPrice"] as? String == "241.50")
            #expect(reservation["currency"] as? String == "EUR")
            #expect(reservation["createdAt"] is String)
            let conversation = try #require(reservation["conversationId"] as? String)
            let pair = [host.id, guest.id].map { $0.uuidString.lowercased() }.sorted()
            #expect(
                try await server.count(
                    "conversations",
                    where: """
                        id = '\(conversation)' AND couch_id = '\(couch)' AND user_low = '\(pair[0])' AND user_high = '\(pair[1])'
                        """) == 1)

            // The same two people about the same couch keep one conversation.
            let again = try await server.reserve(guest, couch, from: 20, to: 21)
            #expect(try again.json["conversationId"] as? String == conversation)
            #expect(try await server.count("conversations") == 1)
        }
    }

    @Test func overlappingStaysConflictButBackToBackStaysDoNot() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let first = try await server.register("First")
            let second = try await server.register("Second")
            let couch = try await server.createCouch(by: host)

            _ = try await server.book(first, couch, from: 10, to: 13)
            try await server.reserve(second, couch, from: 12, to: 14).problem(.conflict)
            try await server.reserve(second, couch, from: 9, to: 11).problem(.conflict)
            try await server.reserve(second, couch, from: 5, to: 20).problem(.conflict)
            try await server.reserve(first, couch, from: 11, to: 12).problem(.conflict)
            _ = try await server.book(second, couch, from: 13, to: 15)
            _ = try await server.book(second, couch, from: 8, to: 10)
            #expect(try await server.count("reservations") == 3)

            // Another couch's calendar is its own.
            let other = try await server.createCouch(by: host)
            _ = try await server.book(second, other, from: 10, to: 13)
        }
    }

    @Test func invalidBookingsAreRefusedAndChangeNothing() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host, ["maxGuests": 4])

            func refused(_ body: [String: Any], as user: Account = guest) async throws -> Set<String> {
                let response = try await server.send(.POST, "/reservations", json: body, token: user.accessToken)
                try response.problem(.unprocessableEntity)
                return try response.problemFields
            }
            func body(_ checkIn: String, _ checkOut: String, guests: Int = 2) -> [String: Any] {
                TestServer.reservationBody(couch, checkIn, checkOut, guests: guests)
            }
            #expect(try await refused(body(server.date(-1), server.date(2))) == ["checkIn"])
            #expect(try await refused(body(server.date(5), server.date(5))) == ["checkOut"])
            #expect(try await refused(body(server.date(6), server.date(5))) == ["checkOut"])
            #expect(try await refused(body(server.date(5), server.date(5 + 366))) == ["checkOut"])
            #expect(try await refused(body(server.date(5), server.date(7), guests: 5)) == ["guests"])
            #expect(try await refused(body(server.date(5), server.date(7), guests: 0)) == ["guests"])
            #expect(try await refused(body(server.date(5), server.date(7)), as: host) == ["couchId"])
            #expect(try await refused(body("2026-13-01", "01/07/2027")) == ["checkIn", "checkOut"])
            #expect(try await refused(body("2027-02-29", "2027-03-02")) == ["checkIn"])
            #expect(try await refused(["couchId": couch.uuidString.lowercased(), "checkIn": server.date(5), "guests": 1]) == ["checkOut"])
            #expect(try await refused(body(server.date(5), server.date(7)).merging(["guests": "two"]) { $1 }) == ["guests"])
            #expect(try await refused(body(server.date(5), server.date(7)).merging(["couchId": "nope"]) { $1 }) == ["couchId"])

            try await server.send(
                .POST, "/reservations", json: TestServer.reservationBody(UUID(), server.date(5), server.date(7)),
                token: guest.accessToken
            ).problem(.notFound)
            try await server.send(.POST, "/reservations", json: body(server.date(5), server.date(7))).problem(.unauthorized)
            try await server.send(
                .POST, "/reservations", body: Data("{".utf8), contentType: "application/json",
                token: guest.accessToken
            ).problem(.badRequest)
            #expect(try await server.count("reservations") == 0)
            #expect(try await server.count("conversations") == 0)

            // The limits themselves are allowed.
            #expect(try await server.reserve(guest, couch, from: 5, to: 5 + 365, guests: 4).status == .created)
        }
    }

    @Test func checkInIsTodayOrLaterOnTheCouchsOwnCalendar() async throws {
        try await TestServer.with(TestServer.tokensOutlivingTheClock) { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            // At noon UTC it is already tomorrow on Kiritimati (UTC+14) and still today on Pago Pago (UTC−11).
            let ahead = try await server.createCouch(by: host, ["timeZone": "Pacific/Kiritimati"])
            let behind = try await server.createCouch(by: host, ["timeZone": "Pacific/Pago_Pago"])
            server.moveClockToNoon(in: "UTC")
            let todayInUTC = server.date(0, in: "UTC")
            #expect(server.date(0, in: "Pacific/Kiritimati") == server.date(1, in: "UTC"))

            let late = try await server.send(
                .POST, "/reservations", json: TestServer.reservationBody(ahead, todayInUTC, server.date(3, in: "UTC")),
                token: guest.accessToken)
            try late.problem(.unprocessableEntity)
            #expect(try late.problemFields == ["checkIn"])
            let onTime = try await server.send(
                .POST, "/reservations", json: TestServer.reservationBody(behind, todayInUTC, server.date(3, in: "UTC")),
                token: guest.accessToken)
            #expect(onTime.status == .created, "\(onTime.text)")
            let tomorrowThere = try await server.send(
                .POST, "/reservations",
                json: TestServer.reservationBody(ahead, server.date(0, in: "Pacific/Kiritimati"), server.date(3, in: "UTC")),
                token: guest.accessToken)
            #expect(tomorrowThere.status == .created, "\(tomorrowThere.text)")
        }
    }

    /// However short the lock bound, the losers wait for the winner and learn they lost (409),
    /// rather than being told the database is busy. (Only the statement bound limits that wait; it
    /// is wide here for a loaded machine.)
    @Test func fiftySimultaneousRequestsForTheSameNightsBookOnce() async throws {
        try await TestServer.with({
            $0.database.lock = .milliseconds(1)
            $0.database.statement = .seconds(30)
        }) { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            var guests: [Account] = []
            for index in 0..<50 { guests.append(try await server.register("Guest \(index)")) }

            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for guest in guests {
                    // The outcome is the test, not its speed: on a loaded machine the queue behind the winner takes a while.
                    group.addTask {
                        try await server.send(
                            .POST, "/reservations", json: TestServer.reservationBody(couch, server.date(30), server.date(33)),
                            token: guest.accessToken, timeout: .seconds(120)
                        ).status.code
                    }
                }
                var statuses: [UInt: Int] = [:]
                for try await status in group { statuses[status, default: 0] += 1 }
                return statuses
            }
            #expect(statuses == [201: 1, 409: 49])
            #expect(try await server.count("reservations") == 1)
        }
    }

    @Test func aGuestOrTheHostCancelsAndTheNightsBecomeFree() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let otherGuest = try await server.register("Other guest")
            let stranger = try await server.register("Stranger")
            let otherHost = try await server.register("Other host")
            let couch = try await server.createCouch(by: host)
            _ = try await server.createCouch(by: otherHost)
            let reservation = try await server.book(guest, couch, from: 10, to: 13)
            _ = try await server.book(otherGuest, couch, from: 13, to: 14)

            // Outsiders are not told the reservation exists.
            for outsider in [stranger, otherGuest, otherHost] {
                try await server.send(.POST, "/reservations/\(reservation)/cancel", token: outsider.accessToken).problem(.notFound)
            }
            try await server.send(.POST, "/reservations/\(reservation)/cancel").problem(.unauthorized)
            try await server.send(.POST, "/reservations/\(UUID())/cancel", token: guest.accessToken).problem(.notFound)
            try await server.send(.POST, "/reservations/42/cancel", token: guest.accessToken).problem(.badRequest)
            #expect(try await server.count("reservations", where: "status = 'confirmed'") == 2)

            let cancelled = try await server.send(.POST, "/reservations/\(reservation)/cancel", token: guest.accessToken)
            #expect(cancelled.status == .ok)
            #expect(try cancelled.json["status"] as? String == "cancelled")
            #expect(try cancelled.json["cancelledBy"] as? String == guest.id.uuidString.lowercased())
            #expect(try cancelled.json["cancelledAt"] is String)
            try await server.send(.POST, "/reservations/\(reservation)/cancel", token: host.accessToken).problem(.conflict)

            // The cancelled nights can be booked again, by anyone.
            let rebooked = try await server.book(otherGuest, couch, from: 10, to: 13)
            let byHost = try await server.send(.POST, "/reservations/\(rebooked)/cancel", token: host.accessToken)
            #expect(try byHost.json["cancelledBy"] as? String == host.id.uuidString.lowercased())
            #expect(try await server.count("reservations", where: "status = 'cancelled'") == 2)
        }
    }

    @Test func aCouchWithAStayAheadIsNotDeletedUntilTheStayIsCancelled() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            let reservation = try await server.book(guest, couch, from: 10, to: 12)
            try await server.send(.DELETE, "/couches/\(couch)", token: host.accessToken).problem(.conflict)
            _ = try await server.send(.POST, "/reservations/\(reservation)/cancel", token: host.accessToken)
            #expect(try await server.send(.DELETE, "/couches/\(couch)", token: host.accessToken).status == .noContent)
            #expect(try await server.count("reservations") == 0)
            try await server.reserve(guest, couch, from: 20, to: 22).problem(.notFound)
        }
    }

    /// The stay ends at check-out time, not at midnight: on check-out morning the guest is still
    /// inside (and can still open the door), so the couch cannot be deleted from under them.
    @Test func onCheckOutMorningTheCouchIsNotDeletedUntilCheckOutTime() async throws {
        try await TestServer.with(TestServer.tokensOutlivingTheClock) { server in
            server.moveClockToNoon(in: "Europe/Budapest")
            server.clock.freeze(at: server.clock.now) // the boundary below is exact to the second
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host, ["checkOutTime": "11:00"])
            _ = try await server.book(guest, couch, from: 0, to: 1)

            server.clock.advance(by: 21 * 3600) // 09:00 on check-out day
            try await server.send(.DELETE, "/couches/\(couch)", token: host.accessToken).problem(.conflict)
            server.clock.advance(by: 2 * 3600 - 1) // 10:59:59
            try await server.send(.DELETE, "/couches/\(couch)", token: host.accessToken).problem(.conflict)
            server.clock.advance(by: 1) // 11:00, check-out
            #expect(try await server.send(.DELETE, "/couches/\(couch)", token: host.accessToken).status == .noContent)
        }
    }

    @Test func aStayThatHasEndedCannotBeCancelled() async throws {
        try await TestServer.with(TestServer.tokensOutlivingTheClock) { server in
            let (host, guest, _, reservation) = try await server.endedStay()
            try await server.send(.POST, "/reservations/\(reservation)/cancel", token: guest.accessToken).problem(.conflict)
            try await server.send(.POST, "/reservations/\(reservation)/cancel", token: host.accessToken).problem(.conflict)
            #expect(try await server.count("reservations", where: "status = 'confirmed'") == 1)
        }
    }

    @Test func guestsListTheirOwnReservationsOnly() async throws {
        try await TestServer.with(TestServer.tokensOutlivingTheClock) { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let stranger = try await server.register("Stranger")
            let couch = try await server.createCouch(by: host)
            let done = try await server.book(guest, couch, from: 1, to: 2)
            server.advanceClock(days: 3)
            let soon = try await server.book(guest, couch, from: 5, to: 7)
            let later = try await server.book(guest, couch, from: 20, to: 22)
            let dropped = try await server.book(guest, couch, from: 30, to: 31)
            _ = try await server.send(.POST, "/reservations/\(dropped)/cancel", token: guest.accessToken)
            _ = try await server.book(stranger, couch, from: 40, to: 41)

            func ids(_ query: String) async throws -> [UUID] {
                let response = try await server.send(.GET, "/reservations/user/\(guest.id)\(query)", token: guest.accessToken)
                #expect(response.status == .ok, "\(query): \(response.text)")
                return try response.jsonArray.compactMap { ($0["id"] as? String).flatMap(UUID.init(uuidString:)) }
            }
            #expect(try await ids("") == [dropped, later, soon, done])
            #expect(try await ids("?when=upcoming") == [soon, later, dropped])
            #expect(try await ids("?when=past") == [done])
            #expect(try await ids("?status=confirmed&when=upcoming") == [soon, later])
            #expect(try await ids("?status=cancelled") == [dropped])

            try await server.send(.GET, "/reservations/user/\(guest.id)", token: stranger.accessToken).problem(.forbidden)
            try await server.send(.GET, "/reservations/user/\(guest.id)", token: host.accessToken).problem(.forbidden)
            try await server.send(.GET, "/reservations/user/\(guest.id)").problem(.unauthorized)
            let invalid = try await server.send(.GET, "/reservations/user/\(guest.id)?status=pending&when=soon", token: guest.accessToken)
            try invalid.problem(.unprocessableEntity)
            #expect(try invalid.problemFields == ["status", "when"])
        }
    }

    @Test func theHostSeesACouchsReservationsOthersOnlyWhenItIsTaken() async throws {
        try await TestServer.with(TestServer.tokensOutlivingTheClock) { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let stranger = try await server.register("Stranger")
            let couch = try await server.createCouch(by: host)
            let past = try await server.book(guest, couch, from: 1, to: 2)
            server.advanceClock(days: 3)
            let upcoming = try await server.book(guest, couch, from: 10, to: 12)
            let cancelled = try await server.book(stranger, couch, from: 20, to: 22)
            _ = try await server.send(.POST, "/reservations/\(cancelled)/cancel", token: stranger.accessToken)

            let full = try await server.send(.GET, "/reservations/\(couch)", token: host.accessToken).jsonArray
            #expect(full.compactMap { $0["id"] as? String } == [cancelled, upcoming, past].map { $0.uuidString.lowercased() })
            #expect(full.first?["guestName"] as? String == "Stranger")
            #expect(full.last?["guestId"] as? String == guest.id.uuidString.lowercased())
            let hostUpcoming = try await server.send(.GET, "/reservations/\(couch)?status=confirmed&when=upcoming", token: host.accessToken)
            #expect(try hostUpcoming.jsonArray.compactMap { $0["id"] as? String } == [upcoming.uuidString.lowercased()])

            for other in [guest, stranger] {
                let ranges = try await server.send(.GET, "/reservations/\(couch)", token: other.accessToken).jsonArray
                #expect(ranges.count == 1)
                #expect(ranges.first.map { Set($0.keys) } == ["checkIn", "checkOut"])
                #expect(ranges.first?["checkIn"] as? String == server.date(10))
                #expect(ranges.first?["checkOut"] as? String == server.date(12))
            }
            try await server.send(.GET, "/reservations/\(couch)").problem(.unauthorized)
            try await server.send(.GET, "/reservations/\(UUID())", token: host.accessToken).problem(.notFound)
            try await server.send(.GET, "/reservations/nope", token: host.accessToken).problem(.badRequest)
        }
    }
}
