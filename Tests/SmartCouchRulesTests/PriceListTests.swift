import Foundation
import Testing

@testable import SmartCouchDomain

/// Prices night by night, fees and discounts, the one rounding, and validation.
@Suite struct PriceListTests {
    static func amount(_ text: String) -> Decimal { Decimal(string: text)! }
    static func stay(_ checkIn: String, nights: Int) -> Stay {
        let start = CalendarDate(checkIn)!
        return Stay(checkIn: start, checkOut: start.adding(days: nights))
    }

    // 2026-11-26 is a Thursday: its stay of 4 nights has a Friday and a Saturday night.
    static let thursday = "2026-11-26"

    @Test func weekendNightsGoByTheWeekdayTheNightStarts() {
        let prices = PriceList(nightly: 100, weekend: 150)
        let quote = prices.quote(Self.stay(Self.thursday, nights: 4), guests: 1)
        #expect(quote.nights.map(\.date.description) == ["2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"])
        #expect(quote.nights.map(\.nightly) == [100, 150, 150, 100])
        #expect(quote.nightsTotal == 500 && quote.total == 500)

        let saturdayAndSunday = PriceList(nightly: 100, weekend: 150, weekendNights: [6, 7])
        #expect(saturdayAndSunday.quote(Self.stay(Self.thursday, nights: 4), guests: 1).nights.map(\.nightly) == [100, 100, 150, 150])
        #expect(PriceList(nightly: 100).quote(Self.stay(Self.thursday, nights: 4), guests: 1).nights.map(\.nightly) == [100, 100, 100, 100])
    }

    @Test func aRangeBeatsTheWeekendPriceOnItsNightsOnly() {
        let friday = CalendarDate("2026-11-27")!
        let prices = PriceList(nightly: 100, weekend: 150, ranges: [.init(from: friday, to: friday.adding(days: 1), nightly: 80)])
        #expect(prices.quote(Self.stay(Self.thursday, nights: 4), guests: 1).nights.map(\.nightly) == [100, 80, 150, 100])
    }

    @Test func extraGuestsPayPerGuestAboveTheIncludedPerNight() {
        let prices = PriceList(nightly: 100, extraGuestFee: 10, extraGuestsAbove: 2)
        let stay = Self.stay(Self.thursday, nights: 3)
        let four = prices.quote(stay, guests: 4)
        #expect(four.extraGuestFees == 60 && four.total == 360)
        #expect(prices.quote(stay, guests: 2).extraGuestFees == 0)
        #expect(prices.quote(stay, guests: 1).extraGuestFees == 0)
    }

    @Test func theWeeklyDiscountStartsAtSevenNights() {
        let prices = PriceList(nightly: 100, weeklyDiscountPercent: 10)
        let six = prices.quote(Self.stay(Self.thursday, nights: 6), guests: 1)
        let seven = prices.quote(Self.stay(Self.thursday, nights: 7), guests: 1)
        #expect(six.discount == 0 && six.total == 600)
        #expect(seven.discount == 70 && seven.total == 630)
        #expect(PriceList(nightly: 100, weeklyDiscountPercent: 0).quote(Self.stay(Self.thursday, nights: 7), guests: 1).discount == 0)
    }

    @Test func theMonthlyDiscountReplacesTheWeeklyOneAtTwentyEightNights() {
        let prices = PriceList(nightly: 100, weeklyDiscountPercent: 10, monthlyDiscountPercent: 25)
        #expect(prices.quote(Self.stay(Self.thursday, nights: 27), guests: 1).discount == 270)
        #expect(prices.quote(Self.stay(Self.thursday, nights: 28), guests: 1).discount == 700)
        let weeklyOnly = PriceList(nightly: 100, weeklyDiscountPercent: 10)
        #expect(
            weeklyOnly.quote(Self.stay(Self.thursday, nights: 28), guests: 1).discount == 280, "no monthly discount: the weekly one still applies")
    }

    @Test func theDiscountRoundsToTheCentHalfAwayFromZero() {
        // Three nights at 33.35 in a week of free nights: 100.05 × 15 % = 15.0075.
        let start = CalendarDate(Self.thursday)!
        let prices = PriceList(
            nightly: 0, weeklyDiscountPercent: 15, ranges: [.init(from: start, to: start.adding(days: 3), nightly: Self.amount("33.35"))])
        let quote = prices.quote(Self.stay(Self.thursday, nights: 7), guests: 1)
        #expect(quote.nightsTotal == Self.amount("100.05"))
        #expect(quote.discount == Self.amount("15.01"))
        #expect(quote.total == Self.amount("85.04"))
        // Exactly half a cent: 7 × 0.15 = 1.05, 10 % of it 0.105. Banker's rounding would give 0.10.
        let half = PriceList(nightly: Self.amount("0.15"), weeklyDiscountPercent: 10).quote(Self.stay(Self.thursday, nights: 7), guests: 1)
        #expect(half.discount == Self.amount("0.11"))
        #expect(half.total == Self.amount("0.94"))
    }

    @Test func theDiscountNeverTouchesTheFees() {
        let prices = PriceList(nightly: 100, cleaningFee: 50, extraGuestFee: 10, extraGuestsAbove: 1, weeklyDiscountPercent: 10)
        let quote = prices.quote(Self.stay(Self.thursday, nights: 7), guests: 3)
        #expect(
            quote
                == PriceBreakdown(
                    nights: quote.nights, nightsTotal: 700, cleaningFee: 50, extraGuestFees: 140, discount: 70, total: 820))
    }

    @Test func everyQuoteAddsUp() {
        var random = SplitMix64(seed: 20_261_126)
        for run in 0..<400 {
            let prices = Self.randomPriceList(&random)
            let checkIn = CalendarDate("2026-01-01")!.adding(days: Int.random(in: 0...730, using: &random))
            let nights = Int.random(in: 1...60, using: &random)
            let guests = Int.random(in: 1...20, using: &random)
            let quote = prices.quote(Stay(checkIn: checkIn, checkOut: checkIn.adding(days: nights)), guests: guests)

            var validation = Validation()
            prices.validate(into: &validation)
            #expect(validation.isEmpty, "run \(run): the generator makes valid lists")
            #expect(quote.total == quote.nightsTotal - quote.discount + quote.cleaningFee + quote.extraGuestFees, "run \(run)")
            #expect(quote.nightsTotal == quote.nights.reduce(0) { $0 + $1.nightly }, "run \(run)")
            #expect(0 <= quote.discount && quote.discount <= quote.nightsTotal, "run \(run)")
            #expect(quote.nights.count == nights, "run \(run)")
            let amounts = quote.nights.map(\.nightly) + [quote.nightsTotal, quote.cleaningFee, quote.extraGuestFees, quote.discount, quote.total]
            #expect(amounts.allSatisfy(CouchDetails.hasCents), "run \(run)")
        }
    }

    @Test func validationReportsEveryBadFieldAtOnce() {
        let day = CalendarDate("2026-12-01")!
        let bad = PriceList(
            nightly: -1, weekend: Self.amount("1.005"), weekendNights: [0, 5, 5], cleaningFee: Self.amount("1000000.01"),
            extraGuestFee: 5, weeklyDiscountPercent: 101, monthlyDiscountPercent: -1,
            ranges: [
                .init(from: day, to: day.adding(days: 2), nightly: -5),
                .init(from: day.adding(days: 10), to: day.adding(days: 10), nightly: 10),
                .init(from: day.adding(days: 20), to: day.adding(days: 387), nightly: 10),
                .init(from: day.adding(days: 30), to: day.adding(days: 31), nightly: 10)
            ])
        #expect(
            Self.fields(bad) == [
                "nightly", "weekend", "cleaningFee", "weekendNights", "extraGuestsAbove", "weeklyDiscountPercent",
                "monthlyDiscountPercent", "ranges[0].nightly", "ranges", "ranges", "ranges"
            ])
        #expect(Self.fields(PriceList(nightly: 1, extraGuestsAbove: 0)) == ["extraGuestFee", "extraGuestsAbove"])
        #expect(
            Self.fields(PriceList(nightly: 1, extraGuestFee: Self.amount("0.001"), extraGuestsAbove: 101)) == ["extraGuestFee", "extraGuestsAbove"])
        let tooMany = (0..<101).map { PriceList.Range(from: day.adding(days: $0), to: day.adding(days: $0 + 1), nightly: 1) }
        #expect(Self.fields(PriceList(nightly: 1, ranges: tooMany)) == ["ranges"])
    }

    @Test func validationAcceptsTheEdges() {
        let day = CalendarDate("2026-12-01")!
        let edges = PriceList(
            nightly: 0, weekend: CouchDetails.maxNightlyPrice, weekendNights: [], cleaningFee: Self.amount("0.01"),
            extraGuestFee: Self.amount("1000000.00"), extraGuestsAbove: 100, weeklyDiscountPercent: 0, monthlyDiscountPercent: 100,
            ranges: [
                .init(from: day, to: day.adding(days: 366), nightly: 10),
                .init(from: day.adding(days: 366), to: day.adding(days: 367), nightly: 10) // starts the day the first ends
            ])
        #expect(Self.fields(edges).isEmpty)
        let hundred = (0..<100).map { PriceList.Range(from: day.adding(days: $0), to: day.adding(days: $0 + 1), nightly: 1) }
        #expect(Self.fields(PriceList(nightly: 1, extraGuestFee: 0, extraGuestsAbove: 1, ranges: hundred.reversed())).isEmpty)
    }

    static func fields(_ prices: PriceList) -> [String] {
        var validation = Validation()
        prices.validate(into: &validation)
        return validation.issues.map(\.field)
    }

    /// Amounts in whole cents up to the ceiling, every option sometimes absent, up to three ranges
    /// that do not overlap.
    static func randomPriceList(_ random: inout SplitMix64) -> PriceList {
        func money() -> Decimal {
            let cents = Bool.random(using: &random) ? Int.random(in: 0...10_000, using: &random) : Int.random(in: 0...100_000_000, using: &random)
            return Decimal(cents) / 100
        }
        func maybe<T>(_ make: () -> T) -> T? { Bool.random(using: &random) ? make() : nil }
        let guestsAbove = maybe { Int.random(in: 1...100, using: &random) }
        var ranges: [PriceList.Range] = []
        var next = CalendarDate("2026-01-01")!.adding(days: Int.random(in: 0...400, using: &random))
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let from = next.adding(days: Int.random(in: 0...60, using: &random))
            next = from.adding(days: Int.random(in: 1...90, using: &random))
            ranges.append(.init(from: from, to: next, nightly: money()))
        }
        return PriceList(
            nightly: money(), weekend: maybe(money), weekendNights: Array((1...7).filter { _ in Bool.random(using: &random) }),
            cleaningFee: maybe(money), extraGuestFee: guestsAbove.map { _ in money() }, extraGuestsAbove: guestsAbove,
            weeklyDiscountPercent: maybe { Int.random(in: 0...100, using: &random) },
            monthlyDiscountPercent: maybe { Int.random(in: 0...100, using: &random) }, ranges: ranges.shuffled(using: &random))
    }
}
