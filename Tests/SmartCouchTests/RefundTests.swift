import Foundation
import SmartCouchDomain
import TestSupport
import Testing

/// The money of a stay through a sequence of changes: every shortening and the cancellation give
/// back their part, `refund` is the sum of them, and the total price with it is what was paid.
@Suite struct RefundTests {
    static func money(_ value: Any?) -> Decimal? {
        (value as? String).flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
    }

    @Test func aCancellationAfterShorteningsAddsItsRefundToTheirs() async throws {
        try await TestServer.with(TestServer.tokensOutlivingTheClock) { server in
            server.moveClockToNoon(in: "Europe/Budapest")
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            try await server.send(.PUT, "/couches/\(couch)/prices", json: ["nightly": "100.00", "cleaningFee": "30.00"], token: host.accessToken)
                .expect(.ok)

            let stay = try await server.reserve(guest, couch, from: 10, to: 15).expect(.created).json
            #expect(stay["totalPrice"] as? String == "530.00")
            let id = try #require(stay["id"] as? String)
            let shortened = try await server.send(.POST, "/reservations/\(id)/shorten", json: ["checkOut": server.date(13)], token: host.accessToken)
                .expect(.ok).json
            #expect(shortened["totalPrice"] as? String == "330.00" && shortened["refund"] as? String == "200.00", "\(shortened)")
            let cancelled = try await server.send(.POST, "/reservations/\(id)/cancel", token: host.accessToken).expect(.ok).json
            #expect(cancelled["refund"] as? String == "530.00", "the host gives back everything, the shortening's 200.00 with it: \(cancelled)")
            #expect(cancelled["totalPrice"] as? String == "0.00", "\(cancelled)")
            let listed = try await server.send(.GET, "/reservations/user/\(guest.id)", token: guest.accessToken).jsonArray.first {
                $0["id"] as? String == id
            }
            #expect(listed?["refund"] as? String == "530.00" && listed?["totalPrice"] as? String == "0.00", "\(listed ?? [:])")

            // Two shortenings with a weekly discount, then the guest cancels once the stay is under
            // way: flexible gives nothing back of the nights then, and the cleaning is done.
            try await server.send(
                .PUT, "/couches/\(couch)/prices", json: ["nightly": "100.00", "cleaningFee": "25.00", "weeklyDiscountPercent": 10],
                token: host.accessToken
            ).expect(.ok)
            let week = try #require(try await server.reserve(guest, couch, from: 20, to: 27).expect(.created).json["id"] as? String)
            server.advanceClock(days: 21)
            let five = try await server.send(.POST, "/reservations/\(week)/shorten", json: ["checkOut": server.date(4)], token: host.accessToken).json
            #expect(five["totalPrice"] as? String == "475.00" && five["refund"] as? String == "180.00", "700 − 70 + 25 = 655; 200 − 20 back: \(five)")
            let three = try await server.send(.POST, "/reservations/\(week)/shorten", json: ["checkOut": server.date(2)], token: host.accessToken)
                .json
            #expect(three["totalPrice"] as? String == "295.00" && three["refund"] as? String == "360.00", "\(three)")
            let left = try await server.send(.POST, "/reservations/\(week)/cancel", token: guest.accessToken).expect(.ok).json
            #expect(left["refund"] as? String == "360.00" && left["totalPrice"] as? String == "295.00", "\(left)")
        }
    }

    /// Random stays under each policy, discount and fee, shortened up to twice and cancelled by
    /// the guest or the host at random moments: after every step the total price and the refund
    /// come to what was paid at booking, the refund never shrinks, and a host's cancellation gives
    /// back all of it.
    @Test(arguments: [7, 29, 83] as [UInt64])
    func theMoneyOfAStayAddsUpThroughAnySequence(_ seed: UInt64) async throws {
        try await TestServer.with(TestServer.tokensOutlivingTheClock) { server in
            var random = SplitMix64(seed: seed)
            server.moveClockToNoon(in: "Europe/Budapest")
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            var steps: [UInt: Int] = [:]
            for round in 0..<9 {
                let policy = CancellationPolicy.allCases[round % 3]
                let couch = try await server.createCouch(by: host)
                let today = Civil.today(in: "Europe/Budapest", at: server.clock.now)
                let prices = PriceModel.random(&random, today: today)
                try await server.send(.PUT, "/couches/\(couch)/rules", json: ["cancellationPolicy": policy.rawValue], token: host.accessToken).expect(
                    .ok)
                try await server.send(.PUT, "/couches/\(couch)/prices", json: prices.json, token: host.accessToken).expect(.ok)
                let checkIn = random.next(below: 20)
                let nights = 2 + random.next(below: random.next(below: 3) == 0 ? 34 : 9)
                let booked = try await server.reserve(guest, couch, from: checkIn, to: checkIn + nights, guests: 1 + random.next(below: 4))
                let stay = try booked.expect(.created).json
                let id = try #require(stay["id"] as? String)
                let paid = try #require(Self.money(stay["totalPrice"]))
                var context =
                    "seed \(seed) round \(round), \(policy), prices \(Quotes.text(prices.json)), \(stay["checkIn"] ?? "")–\(stay["checkOut"] ?? ""), paid \(paid)"
                var refunded = Decimal(0)

                func check(_ reservation: [String: Any], _ step: String) throws {
                    context += "; \(step) → total \(reservation["totalPrice"] ?? "none"), refund \(reservation["refund"] ?? "none")"
                    let total = try #require(Self.money(reservation["totalPrice"]), "\(context)")
                    let refund = Self.money(reservation["refund"]) ?? 0
                    #expect(total >= 0 && refund >= refunded, "\(context)")
                    #expect(total + refund == paid, "what the stay costs and what came back is what was paid: \(context)")
                    refunded = refund
                }

                for _ in 0..<random.next(below: 3) {
                    server.clock.advance(by: Double(random.next(below: 6 * 24)) * 3600)
                    let checkOut = Civil.day(try #require(try await Self.reservation(id, of: guest, on: server)["checkOut"] as? String))
                    let earliest = max(
                        Civil.day(try #require(stay["checkIn"] as? String)) + 1, Civil.today(in: "Europe/Budapest", at: server.clock.now))
                    guard earliest < checkOut else { break }
                    let to = Civil.text(earliest + random.next(below: checkOut - earliest))
                    let shortened = try await server.send(.POST, "/reservations/\(id)/shorten", json: ["checkOut": to], token: host.accessToken)
                    steps[shortened.status.code, default: 0] += 1
                    #expect([200, 409].contains(shortened.status.code), "shorten to \(to): \(context)\n\(shortened.text)")
                    try check(shortened.status == .ok ? shortened.json : await Self.reservation(id, of: guest, on: server), "shorten to \(to)")
                }
                if random.next(below: 4) != 0 {
                    server.clock.advance(by: Double(random.next(below: 10 * 24)) * 3600)
                    let byHost = random.next(below: 2) == 0
                    let cancelled = try await server.send(.POST, "/reservations/\(id)/cancel", token: (byHost ? host : guest).accessToken)
                    steps[cancelled.status.code, default: 0] += 1
                    #expect([200, 409].contains(cancelled.status.code), "cancel: \(context)\n\(cancelled.text)")
                    let after = try cancelled.status == .ok ? cancelled.json : await Self.reservation(id, of: guest, on: server)
                    try check(after, byHost ? "the host cancels" : "the guest cancels")
                    if byHost && cancelled.status == .ok {
                        #expect(Self.money(after["refund"]) == paid && after["totalPrice"] as? String == "0.00", "\(context)")
                    }
                }
            }
            #expect(steps[200, default: 0] > 0, "seed \(seed) changes some stays: \(steps)")
        }
    }

    static func reservation(_ id: String, of guest: Account, on server: TestServer) async throws -> [String: Any] {
        let all = try await server.send(.GET, "/reservations/user/\(guest.id)", token: guest.accessToken).jsonArray
        return try #require(all.first { $0["id"] as? String == id })
    }
}
