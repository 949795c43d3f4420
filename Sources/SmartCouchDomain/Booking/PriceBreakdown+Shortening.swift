import Foundation

extension PriceBreakdown {
    /// The price of the stay cut to its first `kept` nights, and what the host refunds for the
    /// rest: each night let go at what the guest paid for it, its share of the discount taken off
    /// and its extra-guest fees added. The cleaning fee stays (the couch is cleaned either way).
    package func shortened(to kept: Int) -> (price: PriceBreakdown, refund: Decimal) {
        precondition((1..<nights.count).contains(kept), "a shortened stay keeps at least one night and lets at least one go")
        let keptNights = Array(nights.prefix(kept))
        let keptSum = keptNights.reduce(Decimal(0)) { $0 + $1.nightly }
        let letGo = nightsTotal - keptSum
        let discountLetGo = nightsTotal == 0 ? 0 : Self.cents(discount * letGo / nightsTotal)
        let feesLetGo = extraGuestFees * Decimal(nights.count - kept) / Decimal(nights.count)
        let price = PriceBreakdown(
            nights: keptNights, nightsTotal: keptSum, cleaningFee: cleaningFee, extraGuestFees: extraGuestFees - feesLetGo,
            discount: discount - discountLetGo, total: total - (letGo - discountLetGo + feesLetGo))
        return (price, letGo - discountLetGo + feesLetGo)
    }
}
