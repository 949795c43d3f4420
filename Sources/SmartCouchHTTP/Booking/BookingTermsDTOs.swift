import Foundation
import SmartCouchDomain
import Vapor

/// A couch's stay rules. PUT replaces them: a field left out takes its default, which is what a
/// couch without rules does.
struct StayRulesBody: Content {
    struct WeekdayMinimum: Content {
        var nights: Int
        var weekdays: [Int]
    }

    var minNights: Int?
    var maxNights: Int?
    var weekdayMinNights: WeekdayMinimum?
    var advanceNoticeHours: Int?
    var bookingWindowDays: Int?
    var checkInWeekdays: [Int]?
    var turnoverDays: Int?
    var instantBook: Bool?
    var requestExpiryHours: Int?
    var cancellationPolicy: String?

    init(_ rules: StayRules) {
        minNights = rules.minNights
        maxNights = rules.maxNights
        weekdayMinNights = rules.weekdayMinNights.map { WeekdayMinimum(nights: $0.nights, weekdays: $0.weekdays) }
        advanceNoticeHours = rules.advanceNoticeHours
        bookingWindowDays = rules.bookingWindowDays
        checkInWeekdays = rules.checkInWeekdays
        turnoverDays = rules.turnoverDays
        instantBook = rules.instantBook
        requestExpiryHours = rules.requestExpiryHours
        cancellationPolicy = rules.cancellationPolicy.rawValue
    }

    var rules: StayRules {
        get throws {
            let standard = StayRules.standard
            let policy = cancellationPolicy.map(CancellationPolicy.init(rawValue:)) ?? standard.cancellationPolicy
            guard let policy else {
                throw AppError.invalid("cancellationPolicy", "must be one of \(CancellationPolicy.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return StayRules(
                minNights: minNights ?? standard.minNights, maxNights: maxNights ?? standard.maxNights,
                weekdayMinNights: weekdayMinNights.map { StayRules.WeekdayMinimum(nights: $0.nights, weekdays: $0.weekdays) },
                advanceNoticeHours: advanceNoticeHours ?? standard.advanceNoticeHours, bookingWindowDays: bookingWindowDays,
                turnoverDays: turnoverDays ?? standard.turnoverDays, checkInWeekdays: checkInWeekdays ?? standard.checkInWeekdays,
                instantBook: instantBook ?? standard.instantBook, requestExpiryHours: requestExpiryHours ?? standard.requestExpiryHours,
                cancellationPolicy: policy)
        }
    }
}

/// A couch's prices. PUT replaces them: only `nightly` is required (it is the couch's
/// `nightlyPrice`); a fee, discount or weekend price left out is none.
struct PriceListBody: Content {
    struct Range: Content {
        var from: String
        var to: String
        var nightly: Money
    }

    var nightly: Money
    var weekend: Money?
    var weekendNights: [Int]?
    var cleaningFee: Money?
    var extraGuestFee: Money?
    var extraGuestsAbove: Int?
    var weeklyDiscountPercent: Int?
    var monthlyDiscountPercent: Int?
    var ranges: [Range]?
    /// The couch's currency, in answers; set with the couch.
    var currency: String?

    init(_ prices: PriceList, currency: String) {
        nightly = Money(prices.nightly)
        weekend = prices.weekend.map(Money.init)
        weekendNights = prices.weekendNights
        cleaningFee = prices.cleaningFee.map(Money.init)
        extraGuestFee = prices.extraGuestFee.map(Money.init)
        extraGuestsAbove = prices.extraGuestsAbove
        weeklyDiscountPercent = prices.weeklyDiscountPercent
        monthlyDiscountPercent = prices.monthlyDiscountPercent
        ranges = prices.ranges.map { Range(from: $0.from.description, to: $0.to.description, nightly: Money($0.nightly)) }
        self.currency = currency
    }

    var prices: PriceList {
        get throws {
            var validation = Validation()
            let ranges = (self.ranges ?? []).enumerated().compactMap { index, range -> PriceList.Range? in
                let from = CalendarDate(range.from)
                let to = CalendarDate(range.to)
                validation.check(from != nil, "ranges[\(index)].from", "must be a date YYYY-MM-DD")
                validation.check(to != nil, "ranges[\(index)].to", "must be a date YYYY-MM-DD")
                guard let from, let to else { return nil }
                return PriceList.Range(from: from, to: to, nightly: range.nightly.amount)
            }
            try validation.finish()
            return PriceList(
                nightly: nightly.amount, weekend: weekend?.amount, weekendNights: weekendNights ?? PriceList(nightly: 0).weekendNights,
                cleaningFee: cleaningFee?.amount, extraGuestFee: extraGuestFee?.amount, extraGuestsAbove: extraGuestsAbove,
                weeklyDiscountPercent: weeklyDiscountPercent, monthlyDiscountPercent: monthlyDiscountPercent, ranges: ranges)
        }
    }
}

/// A stay's price night by night with its fees and discount: a quote's, and what a booking was
/// sold for.
struct PriceBreakdownBody: Content {
    struct Night: Content {
        var date: String
        var nightly: Money
    }

    var nights: [Night]
    var cleaningFee: Money
    var extraGuestFees: Money
    var discount: Money
    var total: Money

    init(_ price: PriceBreakdown) {
        nights = price.nights.map { Night(date: $0.date.description, nightly: Money($0.nightly)) }
        cleaningFee = Money(price.cleaningFee)
        extraGuestFees = Money(price.extraGuestFees)
        discount = Money(price.discount)
        total = Money(price.total)
    }
}

struct QuoteBody: Content {
    struct Violation: Content {
        var rule: String
        var detail: String
    }

    var bookable: Bool
    var violations: [Violation]
    var nights: [PriceBreakdownBody.Night]
    var cleaningFee: Money
    var extraGuestFees: Money
    var discount: Money
    var total: Money
    var currency: String

    init(_ quote: Quote) {
        let price = PriceBreakdownBody(quote.price)
        bookable = quote.bookable
        violations = quote.violations.map { Violation(rule: $0.rule, detail: $0.detail) }
        nights = price.nights
        cleaningFee = price.cleaningFee
        extraGuestFees = price.extraGuestFees
        discount = price.discount
        total = price.total
        currency = quote.currency
    }
}
