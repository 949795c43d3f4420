import Foundation
import Testing

@testable import SmartCouchDomain

/// Each policy at its thresholds and a second under them, and what a refund gives back.
@Suite struct CancellationPolicyTests {
    static let hour: TimeInterval = 3600
    static let day: TimeInterval = 86_400

    @Test(arguments: [
        (CancellationPolicy.flexible, 100 * day, 100), (.flexible, day, 100), (.flexible, day - 1, 0), (.flexible, 0, 0), (.flexible, -1, 0),
        (.moderate, 5 * day, 100), (.moderate, 5 * day - 1, 50), (.moderate, day, 50), (.moderate, day - 1, 0), (.moderate, -day, 0),
        (.strict, 14 * day, 100), (.strict, 14 * day - 1, 50), (.strict, 7 * day, 50), (.strict, 7 * day - 1, 0), (.strict, 0, 0)
    ])
    func aPolicyRefundsFromExactlyItsThreshold(policy: CancellationPolicy, notice: TimeInterval, percent: Int) {
        #expect(policy.nightsRefundPercent(notice: notice) == percent)
    }

    static let checkInAt = try! Date("2026-11-26T14:00:00Z", strategy: .iso8601)
    /// 300 of nights less 30 of discount, 40 of extra guests, 25 of cleaning.
    static let paid = PriceBreakdown(
        nights: [], nightsTotal: 300, cleaningFee: 25, extraGuestFees: 40, discount: 30, total: 335)

    @Test func aGuestGetsThePolicysShareOfTheNightsAsPaidAndTheCleaningFee() {
        let refund = CancellationPolicy.moderate.refund(of: Self.paid, checkInAt: Self.checkInAt, now: Self.checkInAt - 2 * Self.day, byHost: false)
        #expect(refund == Refund(amount: 180, nightsPercent: 50, cleaningFeeRefunded: true)) // (300 − 30 + 40) / 2 + 25
        let early = CancellationPolicy.strict.refund(of: Self.paid, checkInAt: Self.checkInAt, now: Self.checkInAt - 14 * Self.day, byHost: false)
        #expect(early.amount == Self.paid.total)
    }

    @Test func theCleaningFeeIsRefundedUntilCheckInAndNotAfter() {
        let policy = CancellationPolicy.flexible
        #expect(
            policy.refund(of: Self.paid, checkInAt: Self.checkInAt, now: Self.checkInAt - 1, byHost: false)
                == Refund(amount: 25, nightsPercent: 0, cleaningFeeRefunded: true))
        #expect(
            policy.refund(of: Self.paid, checkInAt: Self.checkInAt, now: Self.checkInAt, byHost: false)
                == Refund(amount: 0, nightsPercent: 0, cleaningFeeRefunded: false))
        #expect(
            policy.refund(of: Self.paid, checkInAt: Self.checkInAt, now: Self.checkInAt + Self.hour, byHost: false)
                == Refund(amount: 0, nightsPercent: 0, cleaningFeeRefunded: false))
    }

    @Test func aGuestsShareRoundsToTheCentHalfAwayFromZero() {
        let paid = PriceBreakdown(
            nights: [], nightsTotal: Decimal(string: "33.33")!, cleaningFee: 0, extraGuestFees: 0, discount: 0, total: Decimal(string: "33.33")!)
        let refund = CancellationPolicy.moderate.refund(of: paid, checkInAt: Self.checkInAt, now: Self.checkInAt - 2 * Self.day, byHost: false)
        #expect(refund.amount == Decimal(string: "16.67")!) // 16.665
    }

    @Test func aHostsCancellationRefundsTheWholeTotal() {
        for policy in CancellationPolicy.allCases {
            for now in [Self.checkInAt - 30 * Self.day, Self.checkInAt - 1, Self.checkInAt + Self.day] {
                #expect(
                    policy.refund(of: Self.paid, checkInAt: Self.checkInAt, now: now, byHost: true)
                        == Refund(amount: 335, nightsPercent: 100, cleaningFeeRefunded: true), "\(policy) at \(now)")
            }
        }
    }
}
