import Foundation

/// When a stay lets its guest in: from the check-in date at the couch's check-in time to the
/// check-out date at its check-out time, on the couch's wall clock. Queries ask the database's
/// `stay_window` (migration 0008) the same; this is the rule for code that is not SQL.
package struct StayWindow: Sendable, Equatable {
    package var start: Date
    package var end: Date

    /// Nil when a time is not `HH:MM` (or `HH:MM:SS`) or the time zone is unknown.
    package init?(checkIn: CalendarDate, checkOut: CalendarDate, checkInTime: String, checkOutTime: String, timeZone: String) {
        guard let zone = TimeZone(identifier: timeZone),
            let start = Self.instant(checkIn, checkInTime, in: zone),
            let end = Self.instant(checkOut, checkOutTime, in: zone)
        else { return nil }
        self.start = start
        self.end = end
    }

    package func contains(_ instant: Date) -> Bool {
        start <= instant && instant < end
    }

    private static func instant(_ date: CalendarDate, _ time: String, in zone: TimeZone) -> Date? {
        let parts = time.split(separator: ":").map { Int($0) }
        guard (2...3).contains(parts.count), let hour = parts[0], let minute = parts[1],
            (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let (year, month, day) = date.yearMonthDay
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))
    }
}
