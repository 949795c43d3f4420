import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// A couch's stay rules and prices: the terms every booking made here is held to.
package struct BookingTermsRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// The columns `terms(from:)` decodes by their names, for any query over `couches c`; `within`, when given,
    /// limits the price ranges to those touching these nights (a booking needs no others).
    static func termsColumns(within stay: Stay? = nil) -> SQLFragment {
        let touching: SQLFragment = stay.map { " AND nights && daterange(\($0.checkIn), \($0.checkOut))" } ?? ""
        return """
            c.owner_id, c.max_guests, c.time_zone, to_char(c.check_in_time, 'HH24:MI') AS check_in_time, c.currency,
            c.min_nights, c.max_nights, c.weekday_min_nights, c.weekday_min_days::int8[] AS weekday_min_days, c.advance_notice_hours,
            c.booking_window_days, c.check_in_weekdays::int8[] AS check_in_weekdays, c.cancellation_policy, c.turnover_days,
            c.instant_book, c.request_expiry_hours, c.nightly_price, c.weekend_price, c.weekend_nights::int8[] AS weekend_nights,
            c.cleaning_fee, c.extra_guest_fee, c.extra_guests_above, c.weekly_discount, c.monthly_discount,
            ARRAY(SELECT lower(nights)::text || ' ' || upper(nights)::text || ' ' || nightly::text FROM couch_price_ranges
                  WHERE couch_id = c.id\(touching) ORDER BY lower(nights)) AS price_ranges
            """
    }

    package func terms(couchId: UUID) async throws -> BookingTerms? {
        try await client.prepared(TermsOfCouch.self, id: couchId, logger: logger).first
    }

    /// `terms`'s statement, asked by a couch's settings, its quotes and its calendar.
    private enum TermsOfCouch: IdStatement {
        static let name = "terms_of_couch"
        static let sql = SQLFragment("SELECT \(termsColumns()) FROM couches c WHERE c.id = \(UUID())").placeholderText

        static func row(_ row: PostgresRow) throws -> BookingTerms { try BookingTermsRepository.terms(from: row.makeRandomAccess()) }
    }

    /// The terms in `cells`, by the names `termsColumns` gives them.
    static func terms(from cells: PostgresRandomAccessRow) throws -> BookingTerms {
        let weekdayMinimum = try cells.column("weekday_min_nights").decode(Int?.self).map { nights in
            StayRules.WeekdayMinimum(nights: nights, weekdays: try cells.column("weekday_min_days").decode([Int]?.self) ?? [])
        }
        let stored = try cells.column("cancellation_policy").decode(String.self)
        guard let policy = CancellationPolicy(rawValue: stored) else { throw UnknownStoredValue("a cancellation policy", stored) }
        let rules = StayRules(
            minNights: try cells.column("min_nights").decode(Int.self), maxNights: try cells.column("max_nights").decode(Int.self),
            weekdayMinNights: weekdayMinimum, advanceNoticeHours: try cells.column("advance_notice_hours").decode(Int.self),
            bookingWindowDays: try cells.column("booking_window_days").decode(Int?.self),
            turnoverDays: try cells.column("turnover_days").decode(Int.self),
            checkInWeekdays: try cells.column("check_in_weekdays").decode([Int].self),
            instantBook: try cells.column("instant_book").decode(Bool.self),
            requestExpiryHours: try cells.column("request_expiry_hours").decode(Int.self), cancellationPolicy: policy)
        let prices = PriceList(
            nightly: try cells.column("nightly_price").decode(Decimal.self), weekend: try cells.column("weekend_price").decode(Decimal?.self),
            weekendNights: try cells.column("weekend_nights").decode([Int].self), cleaningFee: try cells.column("cleaning_fee").decode(Decimal?.self),
            extraGuestFee: try cells.column("extra_guest_fee").decode(Decimal?.self),
            extraGuestsAbove: try cells.column("extra_guests_above").decode(Int?.self),
            weeklyDiscountPercent: try cells.column("weekly_discount").decode(Int?.self),
            monthlyDiscountPercent: try cells.column("monthly_discount").decode(Int?.self),
            ranges: try cells.column("price_ranges").decode([String].self).map { try Self.range($0) })
        return BookingTerms(
            ownerId: try cells.column("owner_id").decode(UUID.self), maxGuests: try cells.column("max_guests").decode(Int.self),
            timeZone: try cells.column("time_zone").decode(String.self), checkInTime: try cells.column("check_in_time").decode(String.self),
            currency: try cells.column("currency").decode(String.self), rules: rules, prices: prices)
    }

    /// One price range as `termsColumns` spells it: "from to nightly".
    private static func range(_ text: String) throws(UnknownStoredValue) -> PriceList.Range {
        let parts = text.split(separator: " ")
        guard parts.count == 3, let from = CalendarDate(String(parts[0])), let to = CalendarDate(String(parts[1])) else {
            throw UnknownStoredValue("a price range", text)
        }
        return PriceList.Range(from: from, to: to, nightly: try Decimal(numericText: parts[2]))
    }

    /// Sets the rules; false when there is no such couch. A changed turnover is laid after every
    /// occupancy not over by `today` at once (migration 0023's replace_turnover).
    package func setRules(_ rules: StayRules, couchId: UUID, today: CalendarDate) async throws -> Bool {
        try await retryingDeadlocks {
            try await client.transaction(logger: logger) { connection in
                let rows = try await connection.query(
                    """
                    UPDATE couches SET min_nights = \(rules.minNights), max_nights = \(rules.maxNights),
                        weekday_min_nights = \(rules.weekdayMinNights?.nights), weekday_min_days = \(rules.weekdayMinNights?.weekdays),
                        advance_notice_hours = \(rules.advanceNoticeHours), booking_window_days = \(rules.bookingWindowDays),
                        check_in_weekdays = \(rules.checkInWeekdays), cancellation_policy = \(rules.cancellationPolicy.rawValue),
                        turnover_days = \(rules.turnoverDays), instant_book = \(rules.instantBook),
                        request_expiry_hours = \(rules.requestExpiryHours), updated_at = now()
                    WHERE id = \(couchId)
                    RETURNING (SELECT turnover_days FROM couches WHERE id = \(couchId))
                    """, logger: logger)
                var before: Int?
                for try await turnover in rows.decode(Int.self) { before = turnover }
                guard let before else { return false }
                if before != rules.turnoverDays {
                    try await connection.execute("SELECT replace_turnover(\(couchId), \(today))", logger: logger)
                }
                return true
            }
        }
    }

    /// Sets the prices, the ranges replaced as a whole; false when there is no such couch.
    package func setPrices(_ prices: PriceList, couchId: UUID) async throws -> Bool {
        try await client.transaction(logger: logger) { connection in
            let rows = try await connection.query(
                """
                UPDATE couches SET nightly_price = \(prices.nightly), weekend_price = \(prices.weekend), weekend_nights = \(prices.weekendNights),
                    cleaning_fee = \(prices.cleaningFee), extra_guest_fee = \(prices.extraGuestFee), extra_guests_above = \(prices.extraGuestsAbove),
                    weekly_discount = \(prices.weeklyDiscountPercent), monthly_discount = \(prices.monthlyDiscountPercent), updated_at = now()
                WHERE id = \(couchId)
                RETURNING id
                """, logger: logger)
            var found = false
            for try await _ in rows { found = true }
            guard found else { return false }
            try await connection.query("DELETE FROM couch_price_ranges WHERE couch_id = \(couchId)", logger: logger)
            if !prices.ranges.isEmpty {
                try await connection.query(
                    """
                    INSERT INTO couch_price_ranges (couch_id, nights, nightly)
                    SELECT \(couchId), daterange(f, t), n
                    FROM unnest(\(prices.ranges.map(\.from.description))::date[], \(prices.ranges.map(\.to.description))::date[],
                                \(prices.ranges.map(\.nightly.description))::numeric[]) AS r(f, t, n)
                    """, logger: logger)
            }
            return true
        }
    }
}
