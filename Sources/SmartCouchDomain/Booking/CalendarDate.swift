import Foundation

/// A day on the calendar, with no time of day and no time zone: what check-in and check-out dates
/// are. Counted in days since 1970-01-01 (proleptic Gregorian), so that comparing and subtracting
/// dates is integer arithmetic.
package struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let daysSinceEpoch: Int

    package init(daysSinceEpoch: Int) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// Nil for dates that do not exist (February 30th) and years outside 1…9999.
    package init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        let days = Self.days(year: year, month: month, day: day)
        // Days past a month's end roll into the next month; only a real date survives the round trip.
        guard Self.civil(days) == (year, month, day) else { return nil }
        daysSinceEpoch = days
    }

    /// Parses exactly `YYYY-MM-DD`.
    package init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date it is at `instant` on a wall clock in `timeZone`.
    package init(_ instant: Date, in timeZone: TimeZone) {
        let local = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
        daysSinceEpoch = Int((local / 86_400).rounded(.down))
    }

    /// The date it is at a couch in `timeZone` (an unknown zone counts as UTC): the "today" that
    /// every rule about bookings, blocks and availability measures against.
    package static func today(atCouchIn timeZone: String, now: Date) -> CalendarDate {
        CalendarDate(now, in: TimeZone(identifier: timeZone) ?? .gmt)
    }

    package var yearMonthDay: (year: Int, month: Int, day: Int) {
        Self.civil(daysSinceEpoch)
    }

    /// `YYYY-MM-DD`, as `String(format: "%04d-%02d-%02d")` writes it: written digit by digit, as
    /// that took a microsecond a date, and a calendar page or a listing writes hundreds.
    package var description: String {
        let (year, month, day) = Self.civil(daysSinceEpoch)
        guard (0...9999).contains(year) else { return String(format: "%04d-%02d-%02d", year, month, day) }
        return String(unsafeUninitializedCapacity: 10) { text in
            func write(_ number: Int, digits: Int, at start: Int) {
                var rest = number
                for index in (start..<start + digits).reversed() {
                    text[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            write(year, digits: 4, at: 0)
            text[4] = UInt8(ascii: "-")
            write(month, digits: 2, at: 5)
            text[7] = UInt8(ascii: "-")
            write(day, digits: 2, at: 8)
            return 10
        }
    }

    package func adding(days: Int) -> CalendarDate {
        CalendarDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Days from `other` to `self`.
    package func days(since other: CalendarDate) -> Int {
        daysSinceEpoch - other.daysSinceEpoch
    }

    package static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        lhs.daysSinceEpoch < rhs.daysSinceEpoch
    }

    // Howard Hinnant's days_from_civil and civil_from_days (http://howardhinnant.github.io/date_algorithms.html).

    private static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Year, month and day of a day counted from 1970-01-01 (Howard Hinnant's civil-from-days).
    static func civil(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
