import Foundation
import Testing

/// A host's stay rules and prices through HTTP: what a quote says, what a booking is sold for and
/// refused for, what search offers, and what a cancellation refunds.
@Suite struct BookingRulesTests {
    @Test func aCouchWithoutRulesHasTheDefaultsAndAnInvalidSetChangesNothing() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let other = try await server.register("Other")
            let couch = try await server.createCouch(by: host)
            let answer = try await server.send(.GET, "/couches/\(couch)/rules")
            let rules = try answer.json
            #expect(rules["minNights"] as? Int == 1)
            #expect(rules["maxNights"] as? Int == 365)
            #expect(rules["advanceNoticeHours"] as? Int == 0)
            #expect(rules["checkInWeekdays"] as? [Int] == [1, 2, 3, 4, 5, 6, 7])
            #expect(rules["cancellationPolicy"] as? String == "flexible")
            let typed = try answer.decoded(as: Schemas.StayRules.self)
            #expect(typed.bookingWindowDays == nil && typed.weekdayMinNights == nil)

            let bad: [String: Any] = [
                "minNights": 5, "maxNights": 3, "advanceNoticeHours": -1, "checkInWeekdays": [0, 8], "cancellationPolicy": "lenient"
            ]
            let refused = try await server.send(.PUT, "/couches/\(couch)/rules", json: bad, token: host.accessToken)
            try refused.problem(.unprocessableEntity)
            try await server.send(.PUT, "/couches/\(couch)/rules", json: ["minNights": 2], token: other.accessToken).problem(.forbidden)
            try await server.send(.PUT, "/couches/\(couch)/prices", json: ["nightly": "-1"], token: host.accessToken).problem(.unprocessableEntity)
            // A party no couch takes is refused before any price is worked out for it.
            try await server.send(
                .PUT, "/couches/\(couch)/prices", json: ["nightly": "50.00", "extraGuestFee": "5.00", "extraGuestsAbove": 2],
                token: host.accessToken
            ).expect(.ok)
            let huge = Int.max
            try await server.send(.GET, "/couches/\(couch)/quote?checkIn=\(server.date(10))&checkOut=\(server.date(12))&guests=\(huge)")
                .problem(.unprocessableEntity)
            try await server.send(
                .POST, "/reservations", json: TestServer.reservationBody(couch, server.date(10), server.date(12), guests: huge),
                token: other.accessToken
            ).problem(.unprocessableEntity)
            try await server.send(.PUT, "/couches/\(couch)/prices", json: ["nightly": "80.00"], token: host.accessToken).expect(.ok)
            #expect(try await server.send(.GET, "/couches/\(couch)/rules").json["minNights"] as? Int == 1)
            #expect(try await server.send(.GET, "/couches/\(couch)/prices").json["nightly"] as? String == "80.00")
        }
    }

    @Test func theQuoteIsWhatTheBookingIsSoldForAndLaterPricesDoNotChangeIt() async throws {
        try await TestServer.with { server in
            server.moveClockToNoon(in: "Europe/Budapest")
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host, ["maxGuests": 4])
            let prices: [String: Any] = [
                "nightly": "33.35", "weekend": "50.00", "cleaningFee": "20.00", "extraGuestFee": "5.00", "extraGuestsAbove": 2,
                "weeklyDiscountPercent": 15, "ranges": [["from": server.date(40), "to": server.date(42), "nightly": "99.99"]]
            ]
            let set = try await server.send(.PUT, "/couches/\(couch)/prices", json: prices, token: host.accessToken)
            #expect(set.status == .ok, "\(set.text)")
            #expect(
                try await server.send(.GET, "/couches/\(couch)").json["nightlyPrice"] as? String == "33.35", "nightly is the couch's nightlyPrice")

            let quote = try await server.send(
                .GET, "/couches/\(couch)/quote?checkIn=\(server.date(36))&checkOut=\(server.date(45))&guests=3"
            ).json
            #expect(quote["bookable"] as? Bool == true, "\(quote)")
            let nights = try #require(quote["nights"] as? [[String: Any]])
            #expect(nights.count == 9)
            #expect(nights.filter { $0["nightly"] as? String == "99.99" }.count == 2, "the range beats the weekend")
            #expect(quote["extraGuestFees"] as? String == "45.00")
            #expect(quote["cleaningFee"] as? String == "20.00")

            let booked = try await server.reserve(guest, couch, from: 36, to: 45, guests: 3)
            #expect(booked.status == .created, "\(booked.text)")
            let reservation = try booked.json
            #expect(reservation["totalPrice"] as? String == quote["total"] as? String)
            let price = try #require(reservation["price"] as? [String: Any])
            #expect(price["discount"] as? String == quote["discount"] as? String)
            #expect((price["nights"] as? [[String: Any]])?.count == 9)

            try await server.send(.PUT, "/couches/\(couch)/prices", json: ["nightly": "500.00"], token: host.accessToken).expect(.ok)
            let id = try #require(reservation["id"] as? String)
            let list = try await server.send(.GET, "/reservations/user/\(guest.id)", token: guest.accessToken).jsonArray
            let kept = try #require(list.first { $0["id"] as? String == id })
            #expect(kept["totalPrice"] as? String == reservation["totalPrice"] as? String)
        }
    }

    @Test func aYearAtTheHighestPricesForTheLargestPartyIsSoldAsQuoted() async throws {
        try await TestServer.with { server in
            server.moveClockToNoon(in: "Europe/Budapest")
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host, ["maxGuests": 50, "city": "Dearville"])
            let top = "1000000.00"
            try await server.send(
                .PUT, "/couches/\(couch)/prices",
                json: [
                    "nightly": top, "weekend": top, "cleaningFee": top, "extraGuestFee": top, "extraGuestsAbove": 1
                ], token: host.accessToken
            ).expect(.ok)
            let query = "checkIn=\(server.date(1))&checkOut=\(server.date(366))&guests=50"
            let quote = try await server.send(.GET, "/couches/\(couch)/quote?\(query)").json
            #expect(quote["bookable"] as? Bool == true, "\(quote)")
            #expect(quote["total"] as? String == "18251000000.00")
            #expect(try await server.search("city=Dearville&\(query)").contains(couch))
            let booked = try await server.reserve(guest, couch, from: 1, to: 366, guests: 50)
            #expect(try booked.expect(.created).json["totalPrice"] as? String == "18251000000.00")
        }
    }

    @Test func everyBrokenRuleIsNamedAndSearchDoesNotOfferWhatBookingRefuses() async throws {
        try await TestServer.with { server in
            server.moveClockToNoon(in: "Europe/Budapest")
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let strict = try await server.createCouch(by: host, ["name": "Strict", "city": "Ruleville"])
            let open = try await server.createCouch(by: host, ["name": "Open", "city": "Ruleville"])
            let rules: [String: Any] = ["minNights": 3, "bookingWindowDays": 60, "advanceNoticeHours": 48]
            try await server.send(.PUT, "/couches/\(strict)/rules", json: rules, token: host.accessToken).expect(.ok)

            let quote = try await server.send(
                .GET, "/couches/\(strict)/quote?checkIn=\(server.date(1))&checkOut=\(server.date(2))", token: host.accessToken
            ).json
            #expect(quote["bookable"] as? Bool == false)
            let named = Set((quote["violations"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String })
            #expect(named == ["ownCouch", "advanceNotice", "minNights"])

            let refused = try await server.reserve(guest, strict, from: 1, to: 2)
            try refused.problem(.unprocessableEntity)
            #expect(try refused.problemFields == ["checkIn", "checkOut"])
            try await server.reserve(guest, strict, from: 70, to: 73).problem(.unprocessableEntity)

            func offered(_ checkIn: Int, _ checkOut: Int) async throws -> Set<UUID> {
                let page = try await server.send(.GET, "/couches?city=Ruleville&checkIn=\(server.date(checkIn))&checkOut=\(server.date(checkOut))")
                    .json
                return Set((page["items"] as? [[String: Any]] ?? []).compactMap { ($0["id"] as? String).flatMap(UUID.init(uuidString:)) })
            }
            #expect(try await offered(1, 4) == [open], "inside the advance notice")
            #expect(try await offered(5, 6) == [open], "shorter than the minimum")
            #expect(try await offered(70, 73) == [open], "beyond the booking window")
            #expect(try await offered(5, 8) == [open, strict])
            _ = try await server.book(guest, strict, from: 5, to: 8)
            #expect(try await offered(5, 8) == [open])
        }
    }

    @Test func aCancellationRefundsWhatThePolicyOfTheBookingSays() async throws {
        try await TestServer.with { server in
            server.moveClockToNoon(in: "Europe/Budapest")
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            try await server.send(.PUT, "/couches/\(couch)/rules", json: ["cancellationPolicy": "strict"], token: host.accessToken).expect(.ok)
            try await server.send(.PUT, "/couches/\(couch)/prices", json: ["nightly": "100.00", "cleaningFee": "30.00"], token: host.accessToken)
                .expect(.ok)
            let early = try await server.book(guest, couch, from: 20, to: 22)
            let soon = try await server.book(guest, couch, from: 10, to: 12)
            let hostCancels = try await server.book(guest, couch, from: 3, to: 5)
            // A later change of policy does not reach bookings made under the earlier one.
            try await server.send(.PUT, "/couches/\(couch)/rules", json: ["cancellationPolicy": "flexible"], token: host.accessToken).expect(.ok)

            let full = try await server.send(.POST, "/reservations/\(early)/cancel", token: guest.accessToken).json
            #expect(full["cancellationPolicy"] as? String == "strict")
            #expect(full["refund"] as? String == "230.00", "14 days or more before: everything")
            let half = try await server.send(.POST, "/reservations/\(soon)/cancel", token: guest.accessToken).json
            #expect(half["refund"] as? String == "130.00", "7 to 14 days before: half the nights and the cleaning fee")
            let byHost = try await server.send(.POST, "/reservations/\(hostCancels)/cancel", token: host.accessToken).json
            #expect(byHost["refund"] as? String == "230.00", "a host's cancellation refunds everything")
        }
    }
}
