import Foundation
import Testing

@testable import SmartCouchDomain

@Suite struct ScheduleTests {
    static func instant(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test(
        "schedules parse from their written form and print back the same",
        arguments: [
            ("hourly@5", Schedule.hourly(minute: 5)), ("every@2m", .every(minutes: 2)), ("daily@03:30", .daily(hour: 3, minute: 30)),
            ("hourly@0", .hourly(minute: 0)), ("every@1440m", .every(minutes: 1440)), ("daily@23:59", .daily(hour: 23, minute: 59))
        ])
    func parses(text: String, schedule: Schedule) throws {
        #expect(try Schedule(parsing: text) == schedule)
        #expect(schedule.description == text)
    }

    @Test(
        "nonsense schedules are refused",
        arguments: [
            "", "hourly", "hourly@60", "hourly@-1", "every@0m", "every@5", "every@1441m", "daily@24:00", "daily@3", "weekly@1", "hourly@5@5"
        ])
    func refuses(text: String) {
        #expect(throws: ConfigurationError.self) { try Schedule(parsing: text) }
    }

    @Test(
        "the next slot is strictly after the given instant",
        arguments: [
            (Schedule.hourly(minute: 5), "2026-11-21T10:04:59Z", "2026-11-21T10:05:00Z"),
            (.hourly(minute: 5), "2026-11-21T10:05:00Z", "2026-11-21T11:05:00Z"),
            (.hourly(minute: 5), "2026-11-21T23:30:00Z", "2026-11-22T00:05:00Z"),
            (.every(minutes: 2), "2026-11-21T10:00:00Z", "2026-11-21T10:02:00Z"),
            (.every(minutes: 2), "2026-11-21T10:01:59Z", "2026-11-21T10:02:00Z"),
            // 7 does not divide the day: the last slot before midnight is cut short.
            (.every(minutes: 7), "2026-11-21T23:58:00Z", "2026-11-22T00:00:00Z"),
            (.every(minutes: 7), "2026-11-22T00:00:00Z", "2026-11-22T00:07:00Z"),
            (.daily(hour: 3, minute: 30), "2026-11-21T03:29:00Z", "2026-11-21T03:30:00Z"),
            (.daily(hour: 3, minute: 30), "2026-11-21T03:30:00Z", "2026-11-22T03:30:00Z")
        ])
    func next(schedule: Schedule, after: String, expected: String) {
        #expect(schedule.next(after: Self.instant(after)) == Self.instant(expected))
    }
}
