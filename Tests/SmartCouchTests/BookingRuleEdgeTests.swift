import Foundation
import NIOHTTP1
import PostgresNIO
import TestSupport
import Testing

@testable import SmartCouchPersistence

/// Each stay rule at its edge, through HTTP: the last instant or day a rule lets through is booked
/// (and sold for exactly what the quote asked just before said), the next one is refused with the
/// rule named, and search offers the one and not the other. Then the inputs that name no rule,
/// price or stay at all: refused whole, changing nothing, and never a 500.
@Suite struct BookingRuleEdgeTests {
    // MARK: Advance notice, counted in real hours

    struct LastMinute: Sendable, CustomTestStringConvertible {
        /// The check-in instant, with the offset Budapest has on that day.
        let checkInAt: String
        /// What Budapest's wall clock shows 24 real hours before it.
        let wallClockADayBefore: String
        let testDescription: String
    }

    static let lastMinutes = [
        LastMinute(checkInAt: "2027-06-16T15:00:00+02:00", wallClockADayBefore: "2027-06-15 15:00", testDescription: "an ordinary day"),
        LastMinute(
            checkInAt: "2027-03-28T15:00:00+02:00", wallClockADayBefore: "2027-03-27 14:00",
            testDescription: "the day Budapest springs forward (a 23-hour day before it)"),
        LastMinute(
            checkInAt: "2027-10-31T15:00:00+01:00", wallClockADayBefore: "2027-10-30 16:00",
            testDescription: "the day Budapest falls back (a 25-hour day before it)")
    ]

    /// `advanceNoticeHours: 24` lets a stay be booked until exactly 24 hours before its check-in
    /// instant, counted in real hours: across a DST change that is an hour off the wall clock's
    /// "same time yesterday", and a wall-clock count would refuse (autumn) or take (spring) the
    /// booking a second either side of the edge.
    @Test(arguments: lastMinutes)
    func advanceNoticeTakesABookingExactlyTheNoticeBeforeCheckInAndRefusesItASecondLater(_ edge: LastMinute) async throws {
        try await TestServer.with { server in
            let checkInAt = try #require(ISO8601DateFormatter().date(from: edge.checkInAt))
            let deadline = checkInAt.addingTimeInterval(-24 * 3600)
            #expect(Civil.wallClock(deadline, in: "Europe/Budapest") == edge.wallClockADayBefore)
            server.clock.freeze(at: deadline)

            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let city = "Lastminute"
            let first = try await server.createCouch(by: host, ["city": city, "checkInTime": "15:00"])
            let second = try await server.createCouch(by: host, ["city": city, "checkInTime": "15:00"])
            for couch in [first, second] {
                try await server.send(.PUT, "/couches/\(couch)/rules", json: ["advanceNoticeHours": 24], token: host.accessToken).expect(.ok)
            }
            let checkIn = String(edge.checkInAt.prefix(10))
            let checkOut = Civil.adding(1, to: checkIn)
            #expect(Civil.today(in: "Europe/Budapest", at: deadline) == Civil.day(checkIn) - 1)

            #expect(
                Set(try await server.search("city=\(city)&checkIn=\(checkIn)&checkOut=\(checkOut)")) == [first, second],
                "exactly 24 hours before, both are offered")
            try await server.bookAsQuoted(guest, first, checkIn, checkOut)

            server.clock.advance(by: 1)
            try await server.refusedAsQuoted(guest, second, checkIn, checkOut, rules: ["advanceNotice"], fields: ["checkIn"])
            #expect(
                try await server.search("city=\(city)&checkIn=\(checkIn)&checkOut=\(checkOut)").isEmpty,
                "a second later, neither is (one is booked, the other too late)")
            // The next day's stay is still far enough ahead.
            try await server.bookAsQuoted(guest, second, checkOut, Civil.adding(1, to: checkOut))
        }
    }

    // MARK: Minimum nights by the weekday a stay starts on

    @Test func aWeekdayMinimumHoldsStaysStartingOnThatDayOnly() async throws {
        try await TestServer.with { server in
            server.moveClockToNoon(in: "Europe/Budapest")
            server.clock.freeze(at: server.clock.now)
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let city = "Fridayville"
            let couch = try await server.createCouch(by: host, ["city": city])
            let rules: [String: Any] = ["minNights": 1, "weekdayMinNights": ["nights": 3, "weekdays": [5]]]
            try await server.send(.PUT, "/couches/\(couch)/rules", json: rules, token: host.accessToken).expect(.ok)

            let friday = try #require((3..<10).map { server.date($0) }.first { Civil.isoWeekday($0) == 5 })
            let thursday = Civil.adding(-1, to: friday)
            func offered(_ checkIn: String, _ nights: Int) async throws -> Bool {
                try await server.search("city=\(city)&checkIn=\(checkIn)&checkOut=\(Civil.adding(nights, to: checkIn))").contains(couch)
            }
            #expect(try await offered(friday, 2) == false, "two nights from a Friday")
            #expect(try await offered(thursday, 2), "two nights from a Thursday, over the Friday night")
            #expect(try await offered(friday, 3), "three nights from a Friday")

            let refused = try await server.refusedAsQuoted(
                guest, couch, friday, Civil.adding(2, to: friday), rules: ["minNights"], fields: ["checkOut"])
            #expect(((try refused.json["errors"] as? [[String: Any]])?.first?["reason"] as? String)?.contains("Friday") == true, "\(refused.text)")
            try await server.bookAsQuoted(guest, couch, thursday, Civil.adding(2, to: thursday))
            // The week after: three nights from a Friday, and two from a Saturday (the plain minimum).
            try await server.bookAsQuoted(guest, couch, Civil.adding(7, to: friday), Civil.adding(10, to: friday))
            try await server.bookAsQuoted(guest, couch, Civil.adding(15, to: friday), Civil.adding(17, to: friday))
        }
    }

    // MARK: Check-in weekdays and the booking window

    @Test func theLastDayOfTheBookingWindowIsTakenAndTheNextRefusedOnTheAllowedWeekdays() async throws {
        try await TestServer.with { server in
            server.moveClockToNoon(in: "Europe/Budapest")
            server.clock.freeze(at: server.clock.now)
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let city = "Windowville"
            let couch = try await server.createCouch(by: host, ["city": city])
            // The window ends on a Saturday; stays start on Saturdays and Sundays only.
            let window = try #require((20..<27).first { Civil.isoWeekday(server.date($0)) == 6 })
            let rules: [String: Any] = ["bookingWindowDays": window, "checkInWeekdays": [6, 7]]
            try await server.send(.PUT, "/couches/\(couch)/rules", json: rules, token: host.accessToken).expect(.ok)

            func offered(_ day: Int) async throws -> Bool {
                try await server.search("city=\(city)&checkIn=\(server.date(day))&checkOut=\(server.date(day + 1))").contains(couch)
            }
            #expect(try await offered(window), "the window's last day, a Saturday")
            #expect(try await offered(window + 1) == false, "the day after the window, a Sunday")
            #expect(try await offered(window - 1) == false, "a Friday inside the window")
            #expect(try await offered(window - 6), "a Sunday inside the window")

            try await server.refusedAsQuoted(
                guest, couch, server.date(window + 1), server.date(window + 2), rules: ["bookingWindow"], fields: ["checkIn"])
            try await server.refusedAsQuoted(
                guest, couch, server.date(window - 1), server.date(window), rules: ["checkInWeekday"], fields: ["checkIn"])
            try await server.refusedAsQuoted(
                guest, couch, server.date(window + 2), server.date(window + 3),
                rules: ["bookingWindow", "checkInWeekday"], fields: ["checkIn"])
            try await server.bookAsQuoted(guest, couch, server.date(window), server.date(window + 1))
            try await server.bookAsQuoted(guest, couch, server.date(window - 6), server.date(window - 4))
        }
    }

    // MARK: Today at the couch

    @Test func todayIsTheCouchsOwnSoAucklandHasLeftTheDayLosAngelesIsStillIn() async throws {
        try await TestServer.with { server in
            let losAngeles = "America/Los_Angeles"
            let auckland = "Pacific/Auckland"
            server.moveClock(toNext: 12, in: losAngeles)
            server.clock.freeze(at: server.clock.now)
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let west = try await server.createCouch(
                by: host, ["city": "Westbay", "country": "US", "timeZone": losAngeles, "latitude": 34.05, "longitude": -118.24])
            let east = try await server.createCouch(
                by: host, ["city": "Eastbay", "country": "NZ", "timeZone": auckland, "latitude": -36.85, "longitude": 174.76])
            let today = server.date(0, in: losAngeles)
            let tomorrow = Civil.adding(1, to: today)
            #expect(server.date(0, in: auckland) == tomorrow, "noon in Los Angeles is the next morning in Auckland")

            #expect(try await server.search("city=Westbay&checkIn=\(today)&checkOut=\(tomorrow)") == [west])
            #expect(try await server.search("city=Eastbay&checkIn=\(today)&checkOut=\(tomorrow)").isEmpty)
            try await server.bookAsQuoted(guest, west, today, tomorrow)
            try await server.refusedAsQuoted(guest, east, today, tomorrow, rules: ["pastCheckIn"], fields: ["checkIn"])
            #expect(try await server.search("city=Eastbay&checkIn=\(tomorrow)&checkOut=\(Civil.adding(1, to: tomorrow))") == [east])
            try await server.bookAsQuoted(guest, east, tomorrow, Civil.adding(1, to: tomorrow))
        }
    }

    // MARK: Nights and prices across DST

    /// A night is a date, whatever its length: the 23-hour night into Budapest's summer time and the
    /// 25-hour one out of it cost one night each, and the weekend price falls on the nights that
    /// start on a Friday and a Saturday.
    @Test func aNightShortenedOrLengthenedByDSTIsOneNightAndWeekendPricesFallOnFridayAndSaturday() async throws {
        try await TestServer.with { server in
            server.clock.freeze(at: try #require(ISO8601DateFormatter().date(from: "2027-03-01T10:00:00Z")))
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let short = try await server.createCouch(by: host)
            let week = try await server.createCouch(by: host)
            for couch in [short, week] {
                try await server.send(
                    .PUT, "/couches/\(couch)/prices", json: ["nightly": "100.00", "weekend": "150.00", "cleaningFee": "20.00"],
                    token: host.accessToken
                ).expect(.ok)
            }
            #expect(Civil.isoWeekday("2027-03-28") == 7 && Civil.isoWeekday("2027-10-31") == 7, "the last Sundays of March and October")

            // Saturday 27 March 2027 to Sunday: 23 hours in Budapest.
            let springNight = try await server.bookAsQuoted(guest, short, "2027-03-27", "2027-03-28")
            #expect(Self.nights(springNight) == [["2027-03-27", "150.00"]])
            #expect(springNight["totalPrice"] as? String == "170.00")
            // Thursday to Monday over it.
            let springWeek = try await server.bookAsQuoted(guest, week, "2027-03-25", "2027-03-29")
            #expect(
                Self.nights(springWeek) == [["2027-03-25", "100.00"], ["2027-03-26", "150.00"], ["2027-03-27", "150.00"], ["2027-03-28", "100.00"]])
            #expect(springWeek["totalPrice"] as? String == "520.00")
            // Friday to Monday over Saturday 30 October's 25-hour night.
            let autumn = try await server.bookAsQuoted(guest, short, "2027-10-29", "2027-11-01")
            #expect(Self.nights(autumn) == [["2027-10-29", "150.00"], ["2027-10-30", "150.00"], ["2027-10-31", "100.00"]])
            #expect(autumn["totalPrice"] as? String == "420.00")
        }
    }

    /// A booking that waits for a host's price change prices every night from the new list: the
    /// couch's nightly price and its ranges as the change left them, never one old and one new.
    @Test func aBookingThatWaitsForAPriceChangeIsPricedWhollyFromTheNewPrices() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            let (first, second) = (server.date(10), server.date(11))
            // The host's change, held open: a dearer nightly price, and a range over the first night.
            let change = try await ConnectionHold.take(server.database.client) { connection in
                try await connection.query("BEGIN", logger: TestDatabases.logger)
                try await connection.query("UPDATE couches SET nightly_price = 200 WHERE id = \(couch)", logger: TestDatabases.logger)
                try await connection.query(
                    "INSERT INTO couch_price_ranges (couch_id, nights, nightly) VALUES (\(couch), daterange(\(first)::date, \(second)::date), 300)",
                    logger: TestDatabases.logger)
            } finally: { connection in
                try await connection.query("COMMIT", logger: TestDatabases.logger)
            }
            let booking = Task { try await server.reserve(guest, couch, from: 10, to: 12) }
            try await eventually("the booking waits for the change") {
                let waiting = try await server.database.client.query(
                    "SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")
                for try await count in waiting.decode(Int.self) { return count > 0 }
                return false
            }
            try await change.release()
            let booked = try await booking.value
            #expect(booked.status == .created, "\(booked.text)")
            #expect(Self.nights(try booked.json) == [[first, "300.00"], [second, "200.00"]])
        }
    }

    static func nights(_ reservation: [String: Any]) -> [[String]] {
        ((reservation["price"] as? [String: Any])?["nights"] as? [[String: Any]] ?? []).map {
            [$0["date"] as? String ?? "?", $0["nightly"] as? String ?? "?"]
        }
    }

    // MARK: Turnover between imported stays and bookings here

    @Test func theTurnoverDayAfterAnImportedStayIsNotBookedAndTheDayAfterItIs() async throws {
        try await TestServer.withHome({ TestServer.tokensOutlivingTheClock(&$0) }) { server, home in
            server.moveClockToNoon(in: "Europe/Budapest")
            let guest = try await server.register("Guest")
            try await server.send(.PUT, "/couches/\(home.couchId)/rules", json: ["turnoverDays": 1], token: home.host.accessToken).expect(.ok)
            // The channel's guest sleeps the nights of days 10 and 11 and leaves on day 12.
            _ = try await Channels.addFeed(server, home, "airbnb", [("a-1", 10, 12, "Reserved")])
            let taken = try await Channels.taken(server, home)
            #expect(taken.isSuperset(of: [10, 11, 12].map { server.date($0) }) && !taken.contains(server.date(13)), "\(taken.sorted())")

            #expect(try await server.search("checkIn=\(server.date(12))&checkOut=\(server.date(14))").contains(home.couchId) == false)
            try await server.refusedAsQuoted(guest, home.couchId, server.date(12), server.date(14), rules: ["available"], status: .conflict)
            #expect(try await server.search("checkIn=\(server.date(13))&checkOut=\(server.date(15))").contains(home.couchId))
            try await server.bookAsQuoted(guest, home.couchId, server.date(13), server.date(15))

            // Before it: a booking whose own turnover day would be the imported stay's first night.
            try await server.refusedAsQuoted(guest, home.couchId, server.date(8), server.date(10), rules: ["available"], status: .conflict)
            try await server.bookAsQuoted(guest, home.couchId, server.date(7), server.date(9))
            #expect(try await Channels.conflicts(server, home).isEmpty)
        }
    }

    @Test func anImportedStayPublishedLaterOnABookingsTurnoverDayIsHonouredAndListedAsAConflict() async throws {
        try await TestServer.withHome({ TestServer.tokensOutlivingTheClock(&$0) }) { server, home in
            server.moveClockToNoon(in: "Europe/Budapest")
            let guest = try await server.register("Guest")
            try await server.send(.PUT, "/couches/\(home.couchId)/rules", json: ["turnoverDays": 1], token: home.host.accessToken).expect(.ok)
            try await server.bookAsQuoted(guest, home.couchId, server.date(10), server.date(12))
            // The channel sells days 12 and 13: day 12 is the booking's turnover.
            _ = try await Channels.addFeed(server, home, "airbnb", [("a-1", 12, 14, "Reserved")])

            let conflicts = try await Channels.conflicts(server, home)
            #expect(conflicts.count == 1, "\(conflicts)")
            #expect((conflicts.first?["imported"] as? [String: Any])?["uid"] as? String == "a-1")
            #expect(conflicts.first?["nights"] as? [[String: String]] == [["checkIn": server.date(12), "checkOut": server.date(13)]], "\(conflicts)")
            #expect((conflicts.first?["heldBy"] as? [String: Any])?["source"] as? String == "turnover")
            let listed = try await server.send(.GET, "/reservations/\(home.couchId)", token: home.host.accessToken).jsonArray
            let imported = listed.filter { $0["source"] as? String == "import" }
            #expect(imported.count == 1 && imported.first?["status"] as? String == "conflict", "\(listed)")

            // Honoured: the night it could take is held, and its own turnover after it.
            let taken = try await Channels.taken(server, home)
            #expect(taken.isSuperset(of: (10...14).map { server.date($0) }) && !taken.contains(server.date(15)), "\(taken.sorted())")
            try await server.refusedAsQuoted(guest, home.couchId, server.date(13), server.date(14), rules: ["available"], status: .conflict)
            try await server.refusedAsQuoted(guest, home.couchId, server.date(14), server.date(15), rules: ["available"], status: .conflict)
            try await server.bookAsQuoted(guest, home.couchId, server.date(15), server.date(16))
        }
    }

    // MARK: Unhappy paths change nothing

    static var badRules: [(body: [String: Any], fields: Set<String>)] {
        [
            (["minNights": 0], ["minNights"]),
            (["minNights": 366], ["minNights", "maxNights"]),
            (["minNights": 5, "maxNights": 4], ["maxNights"]),
            (["maxNights": 0], ["maxNights"]),
            (["maxNights": 366], ["maxNights"]),
            (["weekdayMinNights": ["nights": 0, "weekdays": [5]]], ["weekdayMinNights"]),
            (["weekdayMinNights": ["nights": 366, "weekdays": [5]]], ["weekdayMinNights"]),
            (["weekdayMinNights": ["nights": 3, "weekdays": [] as [Int]]], ["weekdayMinNights"]),
            (["weekdayMinNights": ["nights": 3, "weekdays": [0]]], ["weekdayMinNights"]),
            (["weekdayMinNights": ["nights": 3, "weekdays": [8]]], ["weekdayMinNights"]),
            (["maxNights": 5, "weekdayMinNights": ["nights": 6, "weekdays": [1]]], ["weekdayMinNights"]),
            (["weekdayMinNights": ["nights": 3, "weekdays": [5, 5]]], ["weekdayMinNights"]),
            (["weekdayMinNights": ["nights": 3]], ["weekdayMinNights.weekdays"]),
            (["advanceNoticeHours": -1], ["advanceNoticeHours"]),
            (["advanceNoticeHours": 8761], ["advanceNoticeHours"]),
            (["bookingWindowDays": 0], ["bookingWindowDays"]),
            (["bookingWindowDays": 1096], ["bookingWindowDays"]),
            (["turnoverDays": -1], ["turnoverDays"]),
            (["turnoverDays": 31], ["turnoverDays"]),
            (["turnoverDays": "two"], ["turnoverDays"]),
            (["checkInWeekdays": [] as [Int]], ["checkInWeekdays"]),
            (["checkInWeekdays": [0]], ["checkInWeekdays"]),
            (["checkInWeekdays": [8]], ["checkInWeekdays"]),
            (["checkInWeekdays": [1, 1]], ["checkInWeekdays"]),
            (["checkInWeekdays": 6], ["checkInWeekdays"]),
            (["requestExpiryHours": 0], ["requestExpiryHours"]),
            (["requestExpiryHours": 337], ["requestExpiryHours"]),
            (["cancellationPolicy": "lenient"], ["cancellationPolicy"]),
            (
                ["minNights": 0, "advanceNoticeHours": 9000, "turnoverDays": 31, "checkInWeekdays": [9]],
                ["minNights", "advanceNoticeHours", "turnoverDays", "checkInWeekdays"]
            )
        ]
    }

    static func badPrices(_ date: @escaping (Int) -> String) -> [(body: [String: Any], fields: Set<String>)] {
        let range = { (from: Int, to: Int, nightly: String) -> [String: Any] in ["from": date(from), "to": date(to), "nightly": nightly] }
        return [
            ([:], ["nightly"]),
            (["nightly": "-0.01"], ["nightly"]),
            (["nightly": "1000000.01"], ["nightly"]),
            (["nightly": "10.001"], ["nightly"]),
            (["nightly": "ten"], ["nightly"]),
            (["nightly": "50.00", "weekend": "-5.00"], ["weekend"]),
            (["nightly": "50.00", "cleaningFee": "1000000.01"], ["cleaningFee"]),
            (["nightly": "50.00", "weekendNights": [8]], ["weekendNights"]),
            (["nightly": "50.00", "weekendNights": [0, 5]], ["weekendNights"]),
            (["nightly": "50.00", "weekendNights": [5, 5]], ["weekendNights"]),
            (["nightly": "50.00", "weekendNights": 8], ["weekendNights"]),
            (["nightly": "50.00", "weeklyDiscountPercent": 101], ["weeklyDiscountPercent"]),
            (["nightly": "50.00", "weeklyDiscountPercent": -1], ["weeklyDiscountPercent"]),
            (["nightly": "50.00", "monthlyDiscountPercent": 101], ["monthlyDiscountPercent"]),
            // The one missing is named.
            (["nightly": "50.00", "extraGuestFee": "5.00"], ["extraGuestsAbove"]),
            (["nightly": "50.00", "extraGuestsAbove": 2], ["extraGuestFee"]),
            (["nightly": "50.00", "extraGuestFee": "5.00", "extraGuestsAbove": 0], ["extraGuestsAbove"]),
            (["nightly": "50.00", "extraGuestFee": "5.00", "extraGuestsAbove": 101], ["extraGuestsAbove"]),
            (["nightly": "50.00", "ranges": [range(10, 15, "90.00"), range(14, 20, "95.00")]], ["ranges"]),
            (["nightly": "50.00", "ranges": [range(30, 40, "90.00"), range(10, 31, "95.00")]], ["ranges"]),
            (["nightly": "50.00", "ranges": [range(10, 10, "90.00")]], ["ranges"]),
            (["nightly": "50.00", "ranges": [range(12, 10, "90.00")]], ["ranges"]),
            (["nightly": "50.00", "ranges": [range(10, 377, "90.00")]], ["ranges"]),
            (["nightly": "50.00", "ranges": [range(10, 12, "-1.00")]], ["ranges[0].nightly"]),
            (["nightly": "50.00", "ranges": [["from": "2027-02-30", "to": date(12), "nightly": "90.00"]]], ["ranges[0].from"]),
            (["nightly": "50.00", "ranges": [["from": date(10), "to": date(12)]]], ["ranges[0].nightly"]),
            (["nightly": "50.00", "ranges": (0..<101).map { range(2 * $0, 2 * $0 + 1, "90.00") }], ["ranges"]),
            (["nightly": "-1", "weeklyDiscountPercent": 101, "extraGuestFee": "5.00"], ["nightly", "weeklyDiscountPercent", "extraGuestsAbove"])
        ]
    }

    @Test func badRulesAndPricesAreRefusedWholeNamingEveryFieldAndChangeNothing() async throws {
        try await TestServer.with { server in
            server.moveClockToNoon(in: "Europe/Budapest")
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            let rules: [String: Any] = [
                "minNights": 2, "maxNights": 20, "weekdayMinNights": ["nights": 3, "weekdays": [5, 6]], "advanceNoticeHours": 12,
                "bookingWindowDays": 200, "checkInWeekdays": [1, 5, 6], "turnoverDays": 1, "requestExpiryHours": 48, "cancellationPolicy": "moderate"
            ]
            let prices: [String: Any] = [
                "nightly": "90.00", "weekend": "120.00", "weekendNights": [5, 6], "cleaningFee": "25.00", "extraGuestFee": "10.00",
                "extraGuestsAbove": 2, "weeklyDiscountPercent": 10, "monthlyDiscountPercent": 25,
                "ranges": [["from": server.date(50), "to": server.date(60), "nightly": "140.00"]]
            ]
            let rulesBefore = try await server.send(.PUT, "/couches/\(couch)/rules", json: rules, token: host.accessToken).expect(.ok).json
            let pricesBefore = try await server.send(.PUT, "/couches/\(couch)/prices", json: prices, token: host.accessToken).expect(.ok).json
            #expect(Self.canonical(rulesBefore) == Self.canonical(try await server.send(.GET, "/couches/\(couch)/rules").json))

            for (body, fields) in Self.badRules {
                let refused = try await server.send(.PUT, "/couches/\(couch)/rules", json: body, token: host.accessToken)
                try refused.problem(.unprocessableEntity)
                #expect(try refused.problemFields == fields, "\(body): \(refused.text)")
                let now = try await server.send(.GET, "/couches/\(couch)/rules").json
                #expect(Self.canonical(now) == Self.canonical(rulesBefore), "after \(body)")
            }
            // A number that is no whole number, or too large for one, is refused too (as a 400 that
            // calls the body invalid JSON, for now: Foundation's decoder reports it without a path).
            for body in [#"{"advanceNoticeHours": 1e20}"#, #"{"minNights": 1.5}"#, #"{"turnoverDays": 100000000000000000000}"#] {
                let refused = try await server.send(
                    .PUT, "/couches/\(couch)/rules", body: Data(body.utf8), contentType: "application/json",
                    token: host.accessToken)
                #expect(
                    [400, 422].contains(refused.status.code) && refused.headers.first(name: "Content-Type") == "application/problem+json",
                    "\(body): \(refused.status.code) \(refused.text)")
                #expect(Self.canonical(try await server.send(.GET, "/couches/\(couch)/rules").json) == Self.canonical(rulesBefore), "after \(body)")
            }
            for (body, fields) in Self.badPrices({ server.date($0) }) {
                let refused = try await server.send(.PUT, "/couches/\(couch)/prices", json: body, token: host.accessToken)
                try refused.problem(.unprocessableEntity)
                #expect(try refused.problemFields == fields, "\(body): \(refused.text)")
                let now = try await server.send(.GET, "/couches/\(couch)/prices").json
                #expect(Self.canonical(now) == Self.canonical(pricesBefore), "after \(body)")
            }
            #expect(try await server.send(.GET, "/couches/\(couch)").json["nightlyPrice"] as? String == "90.00")

            // The edges themselves are taken: every maximum, and ranges that touch without overlapping.
            let widest: [String: Any] = [
                "minNights": 365, "maxNights": 365, "weekdayMinNights": ["nights": 365, "weekdays": [1, 2, 3, 4, 5, 6, 7]],
                "advanceNoticeHours": 8760, "bookingWindowDays": 1095, "checkInWeekdays": [7], "turnoverDays": 30, "requestExpiryHours": 336
            ]
            let set = try await server.send(.PUT, "/couches/\(couch)/rules", json: widest, token: host.accessToken).expect(.ok).json
            for (field, value) in widest where field != "weekdayMinNights" {
                #expect((set[field] as? NSObject)?.isEqual(value) == true, "\(field): \(set)")
            }
            let touching: [String: Any] = [
                "nightly": "1000000.00", "weeklyDiscountPercent": 100, "monthlyDiscountPercent": 0, "extraGuestFee": "0.00", "extraGuestsAbove": 100,
                "weekendNights": [] as [Int],
                "ranges": [
                    ["from": server.date(10), "to": server.date(20), "nightly": "0.00"],
                    ["from": server.date(20), "to": server.date(386), "nightly": "1.00"]
                ]
            ]
            let priced = try await server.send(.PUT, "/couches/\(couch)/prices", json: touching, token: host.accessToken).expect(.ok).json
            #expect((priced["ranges"] as? [Any])?.count == 2 && priced["weekendNights"] as? [Int] == [], "\(priced)")
        }
    }

    @Test func aQuoteThatNamesNoRealStayIsAProblemNeverAServerError() async throws {
        try await TestServer.with { server in
            server.moveClockToNoon(in: "Europe/Budapest")
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            try await server.send(
                .PUT, "/couches/\(couch)/prices", json: ["nightly": "50.00", "extraGuestFee": "5.00", "extraGuestsAbove": 2],
                token: host.accessToken
            ).expect(.ok)
            let (from, to) = (server.date(10), server.date(12))
            let cases: [(query: String, status: HTTPResponseStatus, fields: Set<String>?)] = [
                ("checkIn=2027-02-30&checkOut=\(to)", .unprocessableEntity, ["checkIn"]),
                ("checkIn=tomorrow&checkOut=\(to)", .unprocessableEntity, ["checkIn"]),
                ("checkIn=\(from.replacingOccurrences(of: "-", with: "/"))&checkOut=\(to)", .unprocessableEntity, ["checkIn"]),
                ("checkIn=\(from)T15:00&checkOut=\(to)", .unprocessableEntity, ["checkIn"]),
                ("checkIn=10000-01-01&checkOut=10000-01-03", .unprocessableEntity, ["checkIn", "checkOut"]),
                ("checkIn=%00&checkOut=\(to)", .badRequest, nil),
                ("checkIn=\(from)&checkOut=\(from)", .unprocessableEntity, ["checkOut"]),
                ("checkIn=\(to)&checkOut=\(from)", .unprocessableEntity, ["checkOut"]),
                ("checkIn=\(from)&checkOut=\(server.date(10 + 366))", .unprocessableEntity, ["checkOut"]),
                ("checkOut=\(to)", .unprocessableEntity, ["checkIn"]),
                ("", .unprocessableEntity, ["checkIn", "checkOut"]),
                ("checkIn=\(from)&checkOut=\(to)&guests=0", .unprocessableEntity, ["guests"]),
                ("checkIn=\(from)&checkOut=\(to)&guests=-3", .unprocessableEntity, ["guests"]),
                ("checkIn=\(from)&checkOut=\(to)&guests=abc", .unprocessableEntity, ["guests"]),
                ("checkIn=\(from)&checkOut=\(to)&guests=1.5", .unprocessableEntity, ["guests"]),
                ("checkIn=\(from)&checkOut=\(to)&guests=", .unprocessableEntity, ["guests"]),
                ("checkIn=\(from)&checkOut=\(to)&guests=99999999999999999999", .unprocessableEntity, ["guests"])
            ]
            for (query, status, fields) in cases {
                let response = try await server.send(.GET, "/couches/\(couch)/quote?\(query)")
                try response.problem(status)
                if let fields { #expect(try response.problemFields == fields, "\(query): \(response.text)") }
            }
            try await server.send(.GET, "/couches/not-a-couch/quote?checkIn=\(from)&checkOut=\(to)").problem(.badRequest)
            try await server.send(.GET, "/couches/\(UUID())/quote?checkIn=\(from)&checkOut=\(to)").problem(.notFound)
            // The edges of a real stay are quoted: 365 nights, and more guests than the couch takes.
            let year = try await server.quote(couch, from, server.date(10 + 365), guests: 1)
            #expect((year["nights"] as? [Any])?.count == 365)
            let crowd = try await server.quote(couch, from, to, guests: 50)
            #expect(Quotes.rules(of: crowd) == ["maxGuests"] && crowd["extraGuestFees"] as? String == "480.00", "\(crowd)")
        }
    }

    /// JSON text with sorted keys, to compare two bodies.
    static func canonical(_ json: Any) -> String {
        (try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "\(json)"
    }

}

// MARK: - Dates, independently of the server's calendar arithmetic

/// Dates and instants as these tests reason about them: Foundation's Gregorian calendar and time
/// zones, not the server's `CalendarDate`. A day is counted in days since 1970-01-01.
enum Civil {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    static let utc = calendar("UTC")

    static func day(_ text: String) -> Int {
        let parts = text.split(separator: "-").map { Int($0)! }
        let midnight = utc.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!
        return Int((midnight.timeIntervalSince1970 / 86_400).rounded())
    }

    static func text(_ day: Int) -> String {
        let parts = utc.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(day) * 86_400))
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    static func adding(_ days: Int, to text: String) -> String { Self.text(day(text) + days) }

    /// 1 Monday … 7 Sunday.
    static func isoWeekday(_ day: Int) -> Int {
        (utc.component(.weekday, from: Date(timeIntervalSince1970: Double(day) * 86_400)) + 5) % 7 + 1
    }

    static func isoWeekday(_ text: String) -> Int { isoWeekday(day(text)) }

    /// The day it is at `instant` on a wall clock in `zone`.
    static func today(in zone: String, at instant: Date) -> Int {
        let parts = calendar(zone).dateComponents([.year, .month, .day], from: instant)
        return day(String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!))
    }

    /// The instant a wall clock in `zone` shows `time` (HH:MM) on `day`.
    static func instant(_ day: Int, at time: String, in zone: String) -> Date {
        let date = text(day).split(separator: "-").map { Int($0)! }
        let clock = time.split(separator: ":").map { Int($0)! }
        return calendar(zone).date(from: DateComponents(year: date[0], month: date[1], day: date[2], hour: clock[0], minute: clock[1]))!
    }

    /// "YYYY-MM-DD HH:MM" on a wall clock in `zone`.
    static func wallClock(_ instant: Date, in zone: String) -> String {
        let parts = calendar(zone).dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        return String(format: "%04d-%02d-%02d %02d:%02d", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!)
    }
}

// MARK: - Quoting and booking

extension TestServer {
    /// The quote for a stay, asked as `token`'s user (anonymously without one).
    func quote(
        _ couch: UUID, _ checkIn: String, _ checkOut: String, guests: Int = 2, token: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String: Any] {
        let response = try await send(.GET, "/couches/\(couch)/quote?checkIn=\(checkIn)&checkOut=\(checkOut)&guests=\(guests)", token: token)
        #expect(response.status == .ok, "quote \(checkIn)–\(checkOut): \(response.text)", sourceLocation: sourceLocation)
        return try response.json
    }

    func reserve(_ guest: Account, _ couch: UUID, checkIn: String, checkOut: String, guests: Int = 2) async throws -> TestResponse {
        try await send(.POST, "/reservations", json: Self.reservationBody(couch, checkIn, checkOut, guests: guests), token: guest.accessToken)
    }

    /// Asks the quote, then books the same stay: the quote says bookable, the booking is taken,
    /// and it is sold for the quote's total, night by night. The reservation's JSON.
    @discardableResult
    func bookAsQuoted(
        _ guest: Account, _ couch: UUID, _ checkIn: String, _ checkOut: String, guests: Int = 2,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String: Any] {
        let quote = try await quote(couch, checkIn, checkOut, guests: guests, token: guest.accessToken, sourceLocation: sourceLocation)
        #expect(quote["bookable"] as? Bool == true, "\(checkIn)–\(checkOut): \(quote)", sourceLocation: sourceLocation)
        let response = try await reserve(guest, couch, checkIn: checkIn, checkOut: checkOut, guests: guests)
        #expect(response.status == .created, "book \(checkIn)–\(checkOut): \(response.text)", sourceLocation: sourceLocation)
        let reservation = try response.json
        #expect(reservation["totalPrice"] as? String == quote["total"] as? String, "\(reservation)\n\(quote)", sourceLocation: sourceLocation)
        Self.expectSoldAsQuoted(reservation, quote, sourceLocation: sourceLocation)
        return reservation
    }

    /// The reservation's price is the quote's: each night, the fees, the discount and the total.
    static func expectSoldAsQuoted(
        _ reservation: [String: Any], _ quote: [String: Any], _ context: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let price = reservation["price"] as? [String: Any] ?? [:]
        for field in ["cleaningFee", "extraGuestFees", "discount", "total"] {
            #expect(
                price[field] as? String == quote[field] as? String && price[field] != nil,
                "\(context) \(field): sold \(price[field] ?? "none"), quoted \(quote[field] ?? "none")", sourceLocation: sourceLocation)
        }
        let nights = { (object: [String: Any]) in (object["nights"] as? [[String: Any]] ?? []).map { "\($0["date"] ?? "?") \($0["nightly"] ?? "?")" }
        }
        #expect(nights(price) == nights(quote), "\(context) nights", sourceLocation: sourceLocation)
    }

    /// Asks the quote, then books the same stay: the quote lists exactly `rules`, and the booking
    /// is refused: with a 422 naming `fields`, or with `status` (a 409 when the nights are taken).
    @discardableResult
    func refusedAsQuoted(
        _ guest: Account, _ couch: UUID, _ checkIn: String, _ checkOut: String, guests: Int = 2, rules: [String],
        fields: Set<String> = [], status: HTTPResponseStatus = .unprocessableEntity,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> TestResponse {
        let quote = try await quote(couch, checkIn, checkOut, guests: guests, token: guest.accessToken, sourceLocation: sourceLocation)
        #expect(quote["bookable"] as? Bool == false, "\(checkIn)–\(checkOut): \(quote)", sourceLocation: sourceLocation)
        #expect(Quotes.rules(of: quote) == rules, "\(checkIn)–\(checkOut): \(quote)", sourceLocation: sourceLocation)
        let response = try await reserve(guest, couch, checkIn: checkIn, checkOut: checkOut, guests: guests)
        try response.problem(status, sourceLocation: sourceLocation)
        if status == .unprocessableEntity {
            #expect(try response.problemFields == fields, "\(response.text)", sourceLocation: sourceLocation)
        }
        return response
    }
}
