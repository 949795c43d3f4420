import Foundation

/// What a booking is held to at a couch, read while the couch is locked against deletion: who
/// owns it, how many it takes, its clock, and the host's rules and prices.
package struct BookingTerms: Sendable, Equatable {
    package var ownerId: UUID
    package var maxGuests: Int
    package var timeZone: String
    package var checkInTime: String
    package var currency: String
    package var rules: StayRules
    package var prices: PriceList

    package init(ownerId: UUID, maxGuests: Int, timeZone: String, checkInTime: String, currency: String, rules: StayRules, prices: PriceList) {
        self.ownerId = ownerId
        self.maxGuests = maxGuests
        self.timeZone = timeZone
        self.checkInTime = checkInTime
        self.currency = currency
        self.rules = rules
        self.prices = prices
    }
}

extension BookingTerms {
    /// Whether `guests` may book `stay` here now, and what it costs. A quote and a booking both
    /// ask this, so a quote's total is the booking's price; only whether the nights are free is
    /// not known here.
    package func assess(_ stay: Stay, guests: Int, guestId: UUID?, now: Date) -> (violations: [RuleViolation], price: PriceBreakdown) {
        var violations: [RuleViolation] = []
        if guestId == ownerId {
            violations.append(RuleViolation(rule: "ownCouch", detail: "you cannot book your own couch"))
        }
        if guests > maxGuests {
            violations.append(RuleViolation(rule: "maxGuests", detail: "this couch takes at most \(maxGuests) guests"))
        }
        violations += rules.violations(of: stay, now: now, timeZone: timeZone, checkInTime: checkInTime)
        // Bounded prices, guests and nights keep every total within the schema's (migration 0025).
        return (violations, prices.quote(stay, guests: guests))
    }
}

/// A stay's price at a couch now, and every reason it could not be booked as asked.
package struct Quote: Sendable, Equatable {
    package var violations: [RuleViolation]
    package var price: PriceBreakdown
    package var currency: String

    package init(violations: [RuleViolation], price: PriceBreakdown, currency: String) {
        self.violations = violations
        self.price = price
        self.currency = currency
    }

    package var bookable: Bool { violations.isEmpty }
}
