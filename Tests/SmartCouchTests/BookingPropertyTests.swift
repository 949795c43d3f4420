import Foundation
import SmartCouchDomain
import TestSupport
import Testing

/// Random rules, prices and bookings on couches of their own, and many random stays asked of each:
/// the quote, search and booking agree on every one, the booking is sold for what the quote said,
/// and both agree with an independent reading of the rules and prices written here.
@Suite struct BookingPropertyTests {
    static let zones = ["Europe/Budapest", "Pacific/Auckland", "America/Los_Angeles"]
    static let checkInTimes = ["15:00", "14:00", "16:30", "10:00"]

    @Test(arguments: [3, 17, 42] as [UInt64])
    func quoteSearchAndBookingAgreeOnRandomStays(_ seed: UInt64) async throws {
        try await TestServer.with(TestServer.tokensOutlivingTheClock) { server in
            var random = SplitMix64(seed: seed)
            // A fixed instant for each seed, on a whole or half hour so that the advance notice's
            // edge (check-in times are whole and half hours) is met exactly now and then.
            let start = try #require(ISO8601DateFormatter().date(from: "2027-01-01T00:00:00Z"))
            server.clock.freeze(at: start.addingTimeInterval(Double(random.next(below: 365 * 48)) * 1800))
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            var outcomes: [UInt: Int] = [:]

            for round in 0..<3 {
                server.clock.advance(by: Double(random.next(below: 96)) * 1800)
                let zone = Self.zones[random.next(below: Self.zones.count)]
                let checkInTime = Self.checkInTimes[random.next(below: Self.checkInTimes.count)]
                // Half the rounds put the advance notice's edge exactly on a check-in instant soon:
                // the clock on the check-in's minute, and the notice a whole number of hours to it.
                let onTheEdge = random.next(below: 2) == 0
                if onTheEdge, Civil.wallClock(server.clock.now, in: zone).suffix(2) != checkInTime.suffix(2) { server.clock.advance(by: 1800) }
                let now = server.clock.now
                let maxGuests = 3 + random.next(below: 3)
                let city = "Propcity\(seed)r\(round)"
                let couch = try await server.createCouch(
                    by: host, ["city": city, "timeZone": zone, "checkInTime": checkInTime, "maxGuests": maxGuests])
                let today = Civil.today(in: zone, at: now)

                // Bookings made before the host set any rules; the turnover set then follows them.
                var booked: [(checkIn: Int, checkOut: Int)] = []
                for _ in 0..<(1 + random.next(below: 3)) {
                    let checkIn = today + random.next(below: 60)
                    let checkOut = checkIn + 1 + random.next(below: 5)
                    let response = try await server.reserve(guest, couch, checkIn: Civil.text(checkIn), checkOut: Civil.text(checkOut), guests: 1)
                    let free = !booked.contains { checkIn < $0.checkOut && $0.checkIn < checkOut }
                    #expect(response.status == (free ? .created : .conflict), "seed \(seed) round \(round): \(response.text)")
                    if response.status == .created { booked.append((checkIn, checkOut)) }
                }

                var rules = RuleModel.random(&random, maxGuests: maxGuests, zone: zone, checkInTime: checkInTime)
                if onTheEdge {
                    let hours = Civil.instant(today + 1 + random.next(below: 2), at: checkInTime, in: zone).timeIntervalSince(now) / 3600
                    if hours == hours.rounded(), (1...72).contains(hours) { rules.advanceNoticeHours = Int(hours) }
                }
                let prices = PriceModel.random(&random, today: today)
                let context =
                    "seed \(seed) round \(round) at \(now.formatted(.iso8601)) in \(zone), check-in \(checkInTime), maxGuests \(maxGuests), "
                    + "rules \(Quotes.text(rules.json)), prices \(Quotes.text(prices.json)), booked \(booked.map { "\(Civil.text($0.checkIn))–\(Civil.text($0.checkOut))" })"
                try await server.send(.PUT, "/couches/\(couch)/rules", json: rules.json, token: host.accessToken).expect(.ok)
                try await server.send(.PUT, "/couches/\(couch)/prices", json: prices.json, token: host.accessToken).expect(.ok)

                for _ in 0..<25 {
                    let checkIn = random.next(below: 4) == 0 ? today - 1 + random.next(below: 5) : today - 2 + random.next(below: 93)
                    let nights = 1 + random.next(below: random.next(below: 3) == 0 ? 40 : 7)
                    let guests = 1 + random.next(below: 5)
                    let (from, to) = (Civil.text(checkIn), Civil.text(checkIn + nights))
                    let stay = "\(context)\nstay \(from)–\(to) for \(guests)"

                    let quote = try await server.quote(couch, from, to, guests: guests, token: guest.accessToken)
                    let violations = Quotes.rules(of: quote)
                    let expected = rules.violations(checkIn: checkIn, nights: nights, guests: guests, now: now, booked: booked)
                    #expect(violations == expected, "the quote's rules are not the model's: \(stay)\n\(quote)")
                    let price = prices.price(checkIn: checkIn, nights: nights, guests: guests)
                    for (field, value) in price.fields {
                        #expect(
                            quote[field] as? String == value, "\(field): quoted \(quote[field] ?? "none"), the model says \(value): \(stay)\n\(quote)"
                        )
                    }
                    let quotedNights = (quote["nights"] as? [[String: Any]] ?? []).map { "\($0["date"] ?? "?") \($0["nightly"] ?? "?")" }
                    #expect(quotedNights == price.nights, "nights: \(stay)\n\(quote)")
                    let isBookable = quote["bookable"] as? Bool
                    #expect(isBookable == violations.isEmpty, "\(stay)\n\(quote)")

                    let offered = try await server.search("city=\(city)&checkIn=\(from)&checkOut=\(to)&guests=\(guests)").contains(couch)
                    #expect(
                        offered == (isBookable == true),
                        "search \(offered ? "offers" : "does not offer") what the quote \(isBookable == true ? "takes" : "refuses"): \(stay)\n\(quote)"
                    )

                    let response = try await server.reserve(guest, couch, checkIn: from, checkOut: to, guests: guests)
                    outcomes[response.status.code, default: 0] += 1
                    switch response.status {
                    case .created:
                        #expect(isBookable == true, "booked what the quote refused: \(stay)\n\(quote)\n\(response.text)")
                        let reservation = try response.json
                        #expect(reservation["status"] as? String == "confirmed")
                        #expect(reservation["totalPrice"] as? String == quote["total"] as? String, "\(stay)\n\(quote)\n\(reservation)")
                        TestServer.expectSoldAsQuoted(reservation, quote, stay)
                        booked.append((checkIn, checkIn + nights))
                    case .conflict:
                        try response.problem(.conflict)
                        #expect(
                            violations == ["available"],
                            "a 409 for a stay the quote \(isBookable == true ? "takes" : "refuses for other rules"): \(stay)\n\(quote)")
                    case .unprocessableEntity:
                        try response.problem(.unprocessableEntity)
                        let broken = violations.filter { $0 != "available" }
                        #expect(!broken.isEmpty, "a 422 for a stay the quote breaks no rule of: \(stay)\n\(quote)\n\(response.text)")
                        #expect(try response.problemFields == Set(broken.map(Self.field)), "\(stay)\n\(quote)\n\(response.text)")
                    default:
                        Issue.record("booking answered \(response.status.code): \(stay)\n\(response.text)")
                    }
                }
            }
            // The seed exercises every outcome: a booking, nights taken, and a rule broken.
            #expect(outcomes[201, default: 0] > 0 && outcomes[409, default: 0] > 0 && outcomes[422, default: 0] > 0, "seed \(seed): \(outcomes)")
        }
    }

    /// The request field a broken rule is about in a refused booking.
    static func field(of rule: String) -> String {
        switch rule {
        case "maxGuests": "guests"
        case "minNights", "maxNights": "checkOut"
        default: "checkIn"
        }
    }

}

/// Random stay rules and what they refuse, read from the API's description of them.
struct RuleModel {
    var minNights: Int
    var maxNights: Int
    var weekdayMinimum: (nights: Int, weekdays: [Int])?
    var advanceNoticeHours: Int
    var bookingWindowDays: Int?
    var checkInWeekdays: [Int]
    var turnoverDays: Int
    let maxGuests: Int
    let zone: String
    let checkInTime: String

    static func random(_ random: inout SplitMix64, maxGuests: Int, zone: String, checkInTime: String) -> RuleModel {
        let minNights = 1 + random.next(below: 4)
        let maxNights = random.next(below: 3) == 0 ? 365 : minNights + random.next(below: 20)
        var weekdayMinimum: (nights: Int, weekdays: [Int])?
        if random.next(below: 2) == 0 {
            let weekdays = Array(Set((0..<(1 + random.next(below: 3))).map { _ in 1 + random.next(below: 7) })).sorted()
            weekdayMinimum = (1 + random.next(below: min(7, maxNights)), weekdays)
        }
        let advanceNoticeHours = random.next(below: 3) == 0 ? 0 : random.next(below: 73)
        let bookingWindowDays = random.next(below: 2) == 0 ? nil : 5 + random.next(below: 80)
        var checkInWeekdays = Array(1...7)
        if random.next(below: 2) == 0 {
            checkInWeekdays = (1...7).filter { _ in random.next(below: 3) != 0 }
            if checkInWeekdays.isEmpty { checkInWeekdays = [1 + random.next(below: 7)] }
        }
        return RuleModel(
            minNights: minNights, maxNights: maxNights, weekdayMinimum: weekdayMinimum, advanceNoticeHours: advanceNoticeHours,
            bookingWindowDays: bookingWindowDays, checkInWeekdays: checkInWeekdays, turnoverDays: random.next(below: 4),
            maxGuests: maxGuests, zone: zone, checkInTime: checkInTime)
    }

    var json: [String: Any] {
        var json: [String: Any] = [
            "minNights": minNights, "maxNights": maxNights, "advanceNoticeHours": advanceNoticeHours,
            "checkInWeekdays": checkInWeekdays, "turnoverDays": turnoverDays
        ]
        if let weekdayMinimum { json["weekdayMinNights"] = ["nights": weekdayMinimum.nights, "weekdays": weekdayMinimum.weekdays] }
        if let bookingWindowDays { json["bookingWindowDays"] = bookingWindowDays }
        return json
    }

    /// Every rule the stay breaks, in the API's order (ownCouch never comes up here).
    func violations(checkIn: Int, nights: Int, guests: Int, now: Date, booked: [(checkIn: Int, checkOut: Int)]) -> [String] {
        let today = Civil.today(in: zone, at: now)
        var found: [String] = []
        if guests > maxGuests { found.append("maxGuests") }
        if checkIn < today { found.append("pastCheckIn") }
        if advanceNoticeHours > 0, Civil.instant(checkIn, at: checkInTime, in: zone) < now.addingTimeInterval(Double(advanceNoticeHours) * 3600) {
            found.append("advanceNotice")
        }
        if let bookingWindowDays, checkIn - today > bookingWindowDays { found.append("bookingWindow") }
        let weekday = Civil.isoWeekday(checkIn)
        if !checkInWeekdays.contains(weekday) { found.append("checkInWeekday") }
        let minimum = weekdayMinimum.flatMap { $0.weekdays.contains(weekday) ? $0.nights : nil } ?? minNights
        if nights < minimum { found.append("minNights") }
        if nights > maxNights { found.append("maxNights") }
        // Every stay keeps its turnover days free after it, and a stay's own must be free too.
        let checkOut = checkIn + nights
        if booked.contains(where: { checkIn < $0.checkOut + turnoverDays && $0.checkIn < checkOut + turnoverDays }) { found.append("available") }
        return found
    }
}

/// Random prices and what a stay costs under them, in cents.
struct PriceModel {
    var nightly: Int
    var weekend: Int?
    var weekendNights: [Int]?
    var cleaningFee: Int?
    var extraGuestFee: Int?
    var extraGuestsAbove: Int?
    var weeklyDiscountPercent: Int?
    var monthlyDiscountPercent: Int?
    var ranges: [(from: Int, to: Int, nightly: Int)]

    static func random(_ random: inout SplitMix64, today: Int) -> PriceModel {
        let nightly = 2_000 + random.next(below: 18_000)
        var model = PriceModel(nightly: nightly, ranges: [])
        if random.next(below: 2) == 0 { model.weekend = nightly + random.next(below: 5_000) }
        if random.next(below: 3) == 0 { model.weekendNights = (1...7).filter { _ in random.next(below: 3) == 0 } }
        if random.next(below: 2) == 0 { model.cleaningFee = random.next(below: 5_000) }
        if random.next(below: 2) == 0 {
            model.extraGuestFee = 100 + random.next(below: 2_000)
            model.extraGuestsAbove = 1 + random.next(below: 3)
        }
        if random.next(below: 2) == 0 { model.weeklyDiscountPercent = random.next(below: 30) }
        if random.next(below: 2) == 0 { model.monthlyDiscountPercent = random.next(below: 50) }
        var from = today - 5 + random.next(below: 60)
        for _ in 0..<random.next(below: 3) {
            let to = from + 1 + random.next(below: 20)
            model.ranges.append((from, to, 1_000 + random.next(below: 30_000)))
            from = to + random.next(below: 10)
        }
        return model
    }

    static func money(_ cents: Int) -> String { String(format: "%d.%02d", cents / 100, cents % 100) }

    var json: [String: Any] {
        var json: [String: Any] = ["nightly": Self.money(nightly)]
        if let weekend { json["weekend"] = Self.money(weekend) }
        if let weekendNights { json["weekendNights"] = weekendNights }
        if let cleaningFee { json["cleaningFee"] = Self.money(cleaningFee) }
        if let extraGuestFee, let extraGuestsAbove {
            json["extraGuestFee"] = Self.money(extraGuestFee)
            json["extraGuestsAbove"] = extraGuestsAbove
        }
        if let weeklyDiscountPercent { json["weeklyDiscountPercent"] = weeklyDiscountPercent }
        if let monthlyDiscountPercent { json["monthlyDiscountPercent"] = monthlyDiscountPercent }
        json["ranges"] = ranges.map { ["from": Civil.text($0.from), "to": Civil.text($0.to), "nightly": Self.money($0.nightly)] }
        return json
    }

    struct Price {
        /// "date nightly", night by night.
        var nights: [String]
        var fields: [(String, String)]
    }

    /// Each night at its range's price, else the weekend price on a weekend night, else nightly;
    /// the discount off the nights (monthly from 28 nights, else weekly from 7) rounded to the
    /// cent half up; then the fees.
    func price(checkIn: Int, nights: Int, guests: Int) -> Price {
        let weekendNights = self.weekendNights ?? [5, 6]
        let each = (checkIn..<(checkIn + nights)).map { night -> (Int, Int) in
            if let range = ranges.first(where: { $0.from <= night && night < $0.to }) { return (night, range.nightly) }
            if let weekend, weekendNights.contains(Civil.isoWeekday(night)) { return (night, weekend) }
            return (night, nightly)
        }
        let sum = each.reduce(0) { $0 + $1.1 }
        let percent = (nights >= 28 ? monthlyDiscountPercent : nil) ?? (nights >= 7 ? weeklyDiscountPercent : nil)
        let discount = percent.map { (sum * $0 + 50) / 100 } ?? 0
        let extra = extraGuestFee.map { $0 * max(0, guests - (extraGuestsAbove ?? 0)) * nights } ?? 0
        let cleaning = cleaningFee ?? 0
        return Price(
            nights: each.map { "\(Civil.text($0.0)) \(Self.money($0.1))" },
            fields: [
                ("cleaningFee", Self.money(cleaning)), ("extraGuestFees", Self.money(extra)), ("discount", Self.money(discount)),
                ("total", Self.money(sum - discount + cleaning + extra))
            ])
    }
}
