import Foundation

/// What a couch charges: a nightly price, optionally a weekend price, date ranges at their own
/// price, fees, and discounts for long stays.
///
/// Rounding: every amount a host sets has at most two decimals, so sums of nights and products by
/// whole numbers (guests, nights) are exact in `Decimal`. What is divided is rounded to the cent
/// half away from zero (`PriceBreakdown.cents`), and only that: the discount (`nightsTotal ×
/// percent / 100`), a refund's share of the nights, and the discount share of nights a host lets
/// go. No amount passes through `Double`.
package struct PriceList: Sendable, Equatable {
    /// Nights from `from` (included) to `to` (excluded), like a stay, at their own nightly price.
    package struct Range: Sendable, Equatable {
        package var from: CalendarDate
        package var to: CalendarDate
        package var nightly: Decimal

        package init(from: CalendarDate, to: CalendarDate, nightly: Decimal) {
            self.from = from
            self.to = to
            self.nightly = nightly
        }

        func covers(_ night: CalendarDate) -> Bool {
            from <= night && night < to
        }
    }

    package var nightly: Decimal
    package var weekend: Decimal?
    /// ISO weekdays of the nights' start: Friday and Saturday nights by default.
    package var weekendNights: [Int]
    package var cleaningFee: Decimal?
    /// Per extra guest per night, for every guest above `extraGuestsAbove`.
    package var extraGuestFee: Decimal?
    package var extraGuestsAbove: Int?
    /// For stays of at least 7 nights.
    package var weeklyDiscountPercent: Int?
    /// For stays of at least 28 nights, in place of the weekly one whenever it is set.
    package var monthlyDiscountPercent: Int?
    package var ranges: [Range]

    package init(
        nightly: Decimal, weekend: Decimal? = nil, weekendNights: [Int] = [5, 6], cleaningFee: Decimal? = nil,
        extraGuestFee: Decimal? = nil, extraGuestsAbove: Int? = nil, weeklyDiscountPercent: Int? = nil,
        monthlyDiscountPercent: Int? = nil, ranges: [Range] = []
    ) {
        self.nightly = nightly
        self.weekend = weekend
        self.weekendNights = weekendNights
        self.cleaningFee = cleaningFee
        self.extraGuestFee = extraGuestFee
        self.extraGuestsAbove = extraGuestsAbove
        self.weeklyDiscountPercent = weeklyDiscountPercent
        self.monthlyDiscountPercent = monthlyDiscountPercent
        self.ranges = ranges
    }

    /// Checks the price list itself (for PUT), every problem at once, field names as in JSON.
    package func validate(into validation: inout Validation) {
        Self.checkAmount(nightly, "nightly", into: &validation)
        if let weekend { Self.checkAmount(weekend, "weekend", into: &validation) }
        if let cleaningFee { Self.checkAmount(cleaningFee, "cleaningFee", into: &validation) }
        if let extraGuestFee { Self.checkAmount(extraGuestFee, "extraGuestFee", into: &validation) }
        validation.check(CalendarDate.areDistinctWeekdays(weekendNights), "weekendNights", "must be 1 (Monday) to 7 (Sunday), each once")
        validation.check(
            (extraGuestFee == nil) == (extraGuestsAbove == nil), extraGuestFee == nil ? "extraGuestFee" : "extraGuestsAbove",
            "extraGuestFee and extraGuestsAbove come together")
        if let extraGuestsAbove {
            validation.check((1...100).contains(extraGuestsAbove), "extraGuestsAbove", "must be from 1 to 100")
        }
        if let weeklyDiscountPercent {
            validation.check((0...100).contains(weeklyDiscountPercent), "weeklyDiscountPercent", "must be from 0 to 100")
        }
        if let monthlyDiscountPercent {
            validation.check((0...100).contains(monthlyDiscountPercent), "monthlyDiscountPercent", "must be from 0 to 100")
        }
        validation.check(ranges.count <= 100, "ranges", "must be at most 100")
        for (index, range) in ranges.enumerated() {
            Self.checkAmount(range.nightly, "ranges[\(index)].nightly", into: &validation)
            validation.check(range.from < range.to, "ranges", "range \(index) must end after it starts")
            validation.check(range.to.days(since: range.from) <= 366, "ranges", "range \(index) must be at most 366 nights")
        }
        let byStart = ranges.sorted { $0.from < $1.from }
        for (earlier, later) in zip(byStart, byStart.dropFirst()) where later.from < earlier.to {
            validation.fail("ranges", "ranges from \(earlier.from) and from \(later.from) overlap")
        }
    }

    /// The price of `stay` for `guests`: each night at the range covering its date, else at the
    /// weekend price when set and the night starts on a weekend night, else at `nightly`; then the
    /// discount on the nights, and the fees.
    package func quote(_ stay: Stay, guests: Int) -> PriceBreakdown {
        let nights = (0..<max(0, stay.nights)).map { offset in
            let date = stay.checkIn.adding(days: offset)
            return PriceBreakdown.Night(date: date, nightly: price(of: date))
        }
        let nightsTotal = nights.reduce(Decimal(0)) { $0 + $1.nightly }
        let percent = (nights.count >= 28 ? monthlyDiscountPercent : nil) ?? (nights.count >= 7 ? weeklyDiscountPercent : nil)
        let discount = percent.map { PriceBreakdown.share($0, of: nightsTotal) } ?? 0
        var extraGuestFees = Decimal(0)
        if let extraGuestFee, let extraGuestsAbove {
            extraGuestFees = extraGuestFee * Decimal(max(0, guests - extraGuestsAbove) * nights.count)
        }
        let cleaningFee = cleaningFee ?? 0
        return PriceBreakdown(
            nights: nights, nightsTotal: nightsTotal, cleaningFee: cleaningFee, extraGuestFees: extraGuestFees,
            discount: discount, total: nightsTotal - discount + cleaningFee + extraGuestFees)
    }

    private func price(of night: CalendarDate) -> Decimal {
        if let range = ranges.first(where: { $0.covers(night) }) { return range.nightly }
        if let weekend, weekendNights.contains(night.isoWeekday) { return weekend }
        return nightly
    }

    /// Cleaning fees are held to the nightly ceiling too: with it every total fits the schema's numeric(14, 2) (migration 0025).
    private static func checkAmount(_ amount: Decimal, _ field: String, into validation: inout Validation) {
        validation.check(amount >= 0, field, "must not be negative")
        validation.check(amount <= CouchDetails.maxNightlyPrice, field, "must be at most \(CouchDetails.maxNightlyPrice)")
        validation.check(CouchDetails.hasCents(amount), field, "must have at most two decimals")
    }
}

/// A stay's price night by night, as quoted and as stored with the booking.
package struct PriceBreakdown: Sendable, Equatable {
    package struct Night: Sendable, Equatable {
        package var date: CalendarDate
        package var nightly: Decimal

        package init(date: CalendarDate, nightly: Decimal) {
            self.date = date
            self.nightly = nightly
        }
    }

    package var nights: [Night]
    package var nightsTotal: Decimal
    /// 0 when the couch has none.
    package var cleaningFee: Decimal
    /// The fee for each guest above the included number, for each night; 0 when none.
    package var extraGuestFees: Decimal
    /// The amount taken off `nightsTotal` (never off the fees).
    package var discount: Decimal
    /// nightsTotal − discount + cleaningFee + extraGuestFees.
    package var total: Decimal

    package init(nights: [Night], nightsTotal: Decimal, cleaningFee: Decimal, extraGuestFees: Decimal, discount: Decimal, total: Decimal) {
        self.nights = nights
        self.nightsTotal = nightsTotal
        self.cleaningFee = cleaningFee
        self.extraGuestFees = extraGuestFees
        self.discount = discount
        self.total = total
    }

    /// `percent` of `amount`, rounded to the cent.
    static func share(_ percent: Int, of amount: Decimal) -> Decimal {
        cents(amount * Decimal(percent) / 100)
    }

    /// An exact amount rounded to the cent, half away from zero.
    static func cents(_ exact: Decimal) -> Decimal {
        var exact = exact
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 2, .plain)
        return rounded
    }
}
