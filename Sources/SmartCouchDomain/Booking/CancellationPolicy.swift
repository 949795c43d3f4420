import Foundation

/// How much of the paid nights a guest gets back when cancelling, by notice before the check-in
/// instant (the check-in date at the couch's check-in time, on its wall clock):
///
/// | Policy   | 100 % refunded           | 50 % refunded                   | nothing refunded   |
/// |----------|--------------------------|---------------------------------|--------------------|
/// | flexible | at least 24 hours before | —                               | less than 24 hours |
/// | moderate | at least 5 days before   | at least 24 hours, under 5 days | less than 24 hours |
/// | strict   | at least 14 days before  | at least 7 days, under 14 days  | less than 7 days   |
///
/// A day is 24 hours of notice, whatever the clocks do in between.
///
/// The cleaning fee is refunded whole whenever the stay has not begun; a host's cancellation
/// refunds everything.
package enum CancellationPolicy: String, Sendable, CaseIterable {
    case flexible, moderate, strict

    /// The percentage of the paid nights refunded when a guest cancels `notice` seconds before the
    /// check-in instant (negative once it has passed); each threshold counts as reached when met exactly.
    package func nightsRefundPercent(notice: TimeInterval) -> Int {
        let day: TimeInterval = 86_400
        switch self {
        case .flexible: return notice >= day ? 100 : 0
        case .moderate: return notice >= 5 * day ? 100 : notice >= day ? 50 : 0
        case .strict: return notice >= 14 * day ? 100 : notice >= 7 * day ? 50 : 0
        }
    }
}

/// What a cancellation gives back.
package struct Refund: Sendable, Equatable {
    package var amount: Decimal
    package var nightsPercent: Int
    package var cleaningFeeRefunded: Bool

    package init(amount: Decimal, nightsPercent: Int, cleaningFeeRefunded: Bool) {
        self.amount = amount
        self.nightsPercent = nightsPercent
        self.cleaningFeeRefunded = cleaningFeeRefunded
    }
}

extension CancellationPolicy {
    /// What a cancellation gives back of `paid`, the booking's stored breakdown. A host's
    /// cancellation refunds the whole total. A guest's refunds the policy's percentage of the
    /// nights as paid (after the discount, with the extra-guest fees), rounded to the cent half
    /// away from zero, plus the cleaning fee while the stay has not begun (`now < checkInAt`).
    package func refund(of paid: PriceBreakdown, checkInAt: Date, now: Date, byHost: Bool) -> Refund {
        if byHost { return Refund(amount: paid.total, nightsPercent: 100, cleaningFeeRefunded: true) }
        let percent = nightsRefundPercent(notice: checkInAt.timeIntervalSince(now))
        let nights = PriceBreakdown.share(percent, of: paid.nightsTotal - paid.discount + paid.extraGuestFees)
        let beforeCheckIn = now < checkInAt
        return Refund(amount: nights + (beforeCheckIn ? paid.cleaningFee : 0), nightsPercent: percent, cleaningFeeRefunded: beforeCheckIn)
    }
}
