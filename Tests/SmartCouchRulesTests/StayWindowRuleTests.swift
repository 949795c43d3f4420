import Foundation
import Testing

@testable import SmartCouchDomain

/// The stay window and "today" at a couch, on the couch's wall clock, across daylight-saving
/// changes. (`StayWindowTests` checks the same rule against the database's `stay_window`.)
@Suite struct StayWindowRuleTests {
    static func instant(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test func aWindowAcrossTheAutumnChangeIsAnHourLongerThanItsDays() throws {
        // Budapest leaves summer time on 25 Oct 2026 at 03:00 (01:00 UTC).
        let window = try #require(
            StayWindow(
                checkIn: CalendarDate("2026-10-24")!, checkOut: CalendarDate("2026-10-26")!, checkInTime: "15:00", checkOutTime: "11:00",
                timeZone: "Europe/Budapest"))
        #expect(window.start == Self.instant("2026-10-24T13:00:00Z"))
        #expect(window.end == Self.instant("2026-10-26T10:00:00Z"))
        #expect(window.contains(Self.instant("2026-10-26T09:59:59Z")) && !window.contains(window.end))
    }

    @Test func aWindowIsRefusedForATimeOrZoneItCannotRead() {
        let day = CalendarDate("2026-11-25")!
        #expect(StayWindow(checkIn: day, checkOut: day, checkInTime: "25:00", checkOutTime: "11:00", timeZone: "UTC") == nil)
        #expect(StayWindow(checkIn: day, checkOut: day, checkInTime: "15:00", checkOutTime: "11", timeZone: "UTC") == nil)
        #expect(StayWindow(checkIn: day, checkOut: day, checkInTime: "15:00", checkOutTime: "11:00", timeZone: "Mars/Olympus") == nil)
    }

    @Test func todayIsTheCouchesDate() {
        let instant = Self.instant("2026-11-25T23:30:00Z")
        #expect(CalendarDate.today(atCouchIn: "Asia/Tokyo", now: instant).description == "2026-11-26")
        #expect(CalendarDate.today(atCouchIn: "America/New_York", now: instant).description == "2026-11-25")
        #expect(CalendarDate.today(atCouchIn: "Nowhere/Unknown", now: instant).description == "2026-11-25", "an unknown zone counts as UTC")
    }
}
