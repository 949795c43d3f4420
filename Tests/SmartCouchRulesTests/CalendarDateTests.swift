import Foundation
import Testing

@testable import SmartCouchDomain

/// A date's text is what the API, the pages and the feeds write; it is written digit by digit.
@Suite struct CalendarDateTests {
    @Test func everyDateIsWrittenAsYearMonthDayAndReadBack() {
        // Every day from year 1 to 9999 would be 3.6 million; every 7th covers each day of the month and the week.
        let first = CalendarDate(year: 1, month: 1, day: 1)!.daysSinceEpoch
        let last = CalendarDate(year: 9999, month: 12, day: 31)!.daysSinceEpoch
        for days in stride(from: first, through: last, by: 7) {
            let date = CalendarDate(daysSinceEpoch: days)
            let (year, month, day) = date.yearMonthDay
            #expect(date.description == String(format: "%04d-%02d-%02d", year, month, day))
            #expect(CalendarDate(date.description) == date)
        }
        #expect(CalendarDate(year: 2026, month: 2, day: 28)!.description == "2026-02-28")
        #expect(CalendarDate(year: 2028, month: 2, day: 29)!.description == "2028-02-29")
        #expect(CalendarDate(daysSinceEpoch: 0).description == "1970-01-01")
    }
}
