import Foundation
import PostgresNIO
import Testing

@testable import SmartCouchDomain

/// The domain's stay window and the database's `stay_window` agree, across time zones, offsets
/// that are not whole hours and the days clocks change.
@Suite struct StayWindowTests {
    @Test(arguments: [
        ("2026-07-10", "2026-07-12", "15:00", "11:00", "Europe/Budapest"),
        ("2026-12-30", "2027-01-02", "15:00", "11:00", "Europe/Budapest"),
        // The night European clocks go forward, and the night they go back.
        ("2026-03-28", "2026-03-29", "15:00", "11:00", "Europe/Budapest"),
        ("2026-10-24", "2026-10-25", "23:30", "01:30", "Europe/Budapest"),
        ("2026-11-01", "2026-11-03", "14:00", "10:00", "America/New_York"),
        ("2026-05-01", "2026-05-02", "00:00", "23:59", "Asia/Kolkata"),
        ("2026-04-05", "2026-04-06", "16:00", "10:00", "Pacific/Chatham"),
        ("2026-02-28", "2026-03-01", "12:00", "12:00", "UTC")
    ])
    func theDomainRuleMatchesTheSQLFunction(checkIn: String, checkOut: String, checkInTime: String, checkOutTime: String, timeZone: String)
        async throws
    {
        let (arrival, departure) = (try #require(CalendarDate(checkIn)), try #require(CalendarDate(checkOut)))
        let window = try #require(
            StayWindow(
                checkIn: arrival, checkOut: departure, checkInTime: checkInTime, checkOutTime: checkOutTime, timeZone: timeZone))
        try await TestServer.with { server in
            let rows = try await server.database.client.query(
                """
                SELECT lower(w), upper(w) FROM stay_window(daterange(\(checkIn)::date, \(checkOut)::date, '[)'),
                    \(checkInTime)::time, \(checkOutTime)::time, \(timeZone)) AS w
                """)
            let (start, end) = try await rows.decode((Date, Date).self).only()
            #expect(start == window.start, "check-in \(checkIn) \(checkInTime) \(timeZone)")
            #expect(end == window.end, "check-out \(checkOut) \(checkOutTime) \(timeZone)")
        }
        #expect(window.contains(window.start) && !window.contains(window.end))
    }
}
