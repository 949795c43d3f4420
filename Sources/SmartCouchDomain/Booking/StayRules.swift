import Foundation

/// What a host allows of a booking at one couch: its length, how early and how far ahead it is
/// booked, the days it may start on, the nights kept free between stays, and what a cancellation
/// gives back. `standard` is what every couch allowed before hosts could set rules.
/// Search applies the same rules in SQL, as `couch_rules_take` (migrations/0024_search_rules.sql,
/// which names `violations` back): a change to one is a change to both.
package struct StayRules: Sendable, Equatable {
    /// A different minimum for stays that start on some weekdays (ISO 1 = Monday … 7 = Sunday).
    package struct WeekdayMinimum: Sendable, Equatable {
        package var nights: Int
        package var weekdays: [Int]

        package init(nights: Int, weekdays: [Int]) {
            self.nights = nights
            self.weekdays = weekdays
        }
    }

    package var minNights: Int
    package var maxNights: Int
    package var weekdayMinNights: WeekdayMinimum?
    package var advanceNoticeHours: Int
    /// Nil: no limit on how far ahead a stay may start.
    package var bookingWindowDays: Int?
    package var turnoverDays: Int
    /// Sorted by `init`; duplicates are kept so that `validate(into:)` can refuse them.
    package var checkInWeekdays: [Int]
    package var instantBook: Bool
    package var requestExpiryHours: Int
    package var cancellationPolicy: CancellationPolicy

    package init(
        minNights: Int = 1, maxNights: Int = 365, weekdayMinNights: WeekdayMinimum? = nil, advanceNoticeHours: Int = 0,
        bookingWindowDays: Int? = nil, turnoverDays: Int = 0, checkInWeekdays: [Int] = [1, 2, 3, 4, 5, 6, 7],
        instantBook: Bool = true, requestExpiryHours: Int = 24, cancellationPolicy: CancellationPolicy = .flexible
    ) {
        self.minNights = minNights
        self.maxNights = maxNights
        self.weekdayMinNights = weekdayMinNights
        self.advanceNoticeHours = advanceNoticeHours
        self.bookingWindowDays = bookingWindowDays
        self.turnoverDays = turnoverDays
        self.checkInWeekdays = checkInWeekdays.sorted()
        self.instantBook = instantBook
        self.requestExpiryHours = requestExpiryHours
        self.cancellationPolicy = cancellationPolicy
    }

    package static let standard = StayRules()

    /// Checks the rules themselves (for PUT), every problem at once, field names as in JSON.
    package func validate(into validation: inout Validation) {
        validation.check((1...365).contains(minNights), "minNights", "must be from 1 to 365")
        validation.check(minNights <= maxNights && maxNights <= 365, "maxNights", "must be from minNights to 365")
        if let weekdayMinNights {
            // More than maxNights would close those weekdays to every stay.
            validation.check(
                (1...min(365, max(1, maxNights))).contains(weekdayMinNights.nights), "weekdayMinNights",
                "nights must be from 1 to maxNights")
            validation.check(
                !weekdayMinNights.weekdays.isEmpty && CalendarDate.areDistinctWeekdays(weekdayMinNights.weekdays),
                "weekdayMinNights", "weekdays must be one or more of 1 (Monday) to 7 (Sunday), each once")
        }
        validation.check((0...8760).contains(advanceNoticeHours), "advanceNoticeHours", "must be from 0 to 8760")
        if let bookingWindowDays {
            validation.check((1...1095).contains(bookingWindowDays), "bookingWindowDays", "must be from 1 to 1095")
        }
        validation.check((0...30).contains(turnoverDays), "turnoverDays", "must be from 0 to 30")
        validation.check(
            !checkInWeekdays.isEmpty && CalendarDate.areDistinctWeekdays(checkInWeekdays),
            "checkInWeekdays", "must be one or more of 1 (Monday) to 7 (Sunday), each once")
        validation.check((1...336).contains(requestExpiryHours), "requestExpiryHours", "must be from 1 to 336")
    }

    /// The minimum nights for a stay starting on `checkIn` (the weekday minimum when it applies).
    package func minimumNights(startingOn checkIn: CalendarDate) -> Int {
        guard let weekdayMinNights, weekdayMinNights.weekdays.contains(checkIn.isoWeekday) else { return minNights }
        return weekdayMinNights.nights
    }

    /// Every rule a stay booked at `now` breaks, each once, in a fixed order: pastCheckIn,
    /// advanceNotice, bookingWindow, checkInWeekday, minNights, maxNights. Dates are measured
    /// against today at the couch; advance notice against the check-in instant on its wall clock.
    package func violations(of stay: Stay, now: Date, timeZone: String, checkInTime: String) -> [RuleViolation] {
        let today = CalendarDate.today(atCouchIn: timeZone, now: now)
        var found: [RuleViolation] = []
        if stay.checkIn < today {
            found.append(RuleViolation(rule: "pastCheckIn", detail: "a stay cannot start before today (\(today) at the couch)"))
        }
        if advanceNoticeHours > 0,
            Self.checkInInstant(stay.checkIn, checkInTime, timeZone) < now.addingTimeInterval(Double(advanceNoticeHours) * 3600)
        {
            found.append(
                RuleViolation(rule: "advanceNotice", detail: "a stay is booked at least \(Self.count(advanceNoticeHours, "hour")) before check-in"))
        }
        if let bookingWindowDays, stay.checkIn.days(since: today) > bookingWindowDays {
            found.append(RuleViolation(rule: "bookingWindow", detail: "a stay starts at most \(Self.count(bookingWindowDays, "day")) from today"))
        }
        if !checkInWeekdays.contains(stay.checkIn.isoWeekday) {
            let days = checkInWeekdays.filter((1...7).contains).map(CalendarDate.weekdayName)
            found.append(RuleViolation(rule: "checkInWeekday", detail: "a stay starts only on a \(days.joined(separator: ", a ", last: " or a "))"))
        }
        let minimum = minimumNights(startingOn: stay.checkIn)
        if stay.nights < minimum {
            let start = minimum == minNights ? "a stay" : "a stay starting on a \(CalendarDate.weekdayName(stay.checkIn.isoWeekday))"
            found.append(RuleViolation(rule: "minNights", detail: "\(start) is at least \(Self.count(minimum, "night"))"))
        }
        if stay.nights > maxNights {
            found.append(RuleViolation(rule: "maxNights", detail: "a stay is at most \(Self.count(maxNights, "night"))"))
        }
        return found
    }

    /// As `StayWindow` reads it; a zone or time it cannot read falls back to the date's start in
    /// UTC, as "today" counts an unknown zone as UTC.
    private static func checkInInstant(_ date: CalendarDate, _ time: String, _ timeZone: String) -> Date {
        let window = StayWindow(checkIn: date, checkOut: date, checkInTime: time, checkOutTime: time, timeZone: timeZone)
        return window?.start ?? Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400)
    }

    private static func count(_ number: Int, _ unit: String) -> String {
        number == 1 ? "1 \(unit)" : "\(number) \(unit)s"
    }
}

/// A rule a stay breaks: `rule` for code, `detail` for the host or guest reading it.
package struct RuleViolation: Sendable, Equatable {
    package var rule: String
    package var detail: String

    package init(rule: String, detail: String) {
        self.rule = rule
        self.detail = detail
    }
}

extension [String] {
    /// "a, b or c": a list a host reads. (Foundation's ListFormatter follows the server's locale.)
    fileprivate func joined(separator: String, last: String) -> String {
        count < 2 ? joined() : dropLast().joined(separator: separator) + last + self[count - 1]
    }
}
