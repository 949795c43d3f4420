import Foundation
import Testing

@testable import SmartCouchDomain

/// A host's stay rules at their edges: weekdays, the last second of notice (across a clock
/// change), the last day of the booking window, weekday minimums, and validation.
@Suite struct StayRulesTests {
    static func instant(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
    static func stay(_ checkIn: String, nights: Int) -> Stay {
        let start = CalendarDate(checkIn)!
        return Stay(checkIn: start, checkOut: start.adding(days: nights))
    }

    @Test func isoWeekdaysOfKnownDates() {
        #expect(CalendarDate("2026-11-26")!.isoWeekday == 4, "a Thursday")
        #expect(CalendarDate("2026-11-29")!.isoWeekday == 7, "a Sunday")
        #expect(CalendarDate("2026-11-30")!.isoWeekday == 1, "a Monday")
        #expect(CalendarDate("1970-01-01")!.isoWeekday == 4, "day 0, a Thursday")
        #expect(CalendarDate("1969-12-29")!.isoWeekday == 1, "a Monday before day 0")
    }

    @Test func isoWeekdaysAgreeWithFoundationAroundDayZero() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        for days in -800...800 {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let sundayFirst = calendar.component(.weekday, from: date) // 1 = Sunday
            #expect(CalendarDate(daysSinceEpoch: days).isoWeekday == (sundayFirst + 5) % 7 + 1, "day \(days)")
        }
    }

    @Test func theLastSecondOfNoticeAcrossTheAutumnClockChange() {
        // Budapest leaves summer time on 25 Oct 2026 at 03:00: check-in at 15:00 that day is 14:00 UTC,
        // so 24 hours before it is 16:00 on the 24th by the couch's clock, not 15:00.
        let rules = StayRules(advanceNoticeHours: 24)
        let stay = Self.stay("2026-10-25", nights: 2)
        let atTheEdge = rules.violations(of: stay, now: Self.instant("2026-10-24T14:00:00Z"), timeZone: "Europe/Budapest", checkInTime: "15:00")
        let aSecondLate = rules.violations(of: stay, now: Self.instant("2026-10-24T14:00:01Z"), timeZone: "Europe/Budapest", checkInTime: "15:00")
        #expect(atTheEdge.isEmpty)
        #expect(aSecondLate.map(\.rule) == ["advanceNotice"])
        #expect(aSecondLate.first?.detail == "a stay is booked at least 24 hours before check-in")
    }

    @Test func theLastSecondOfNoticeInSummerTime() {
        // 15:00 in Budapest in July is 13:00 UTC.
        let rules = StayRules(advanceNoticeHours: 48)
        let stay = Self.stay("2026-07-10", nights: 3)
        #expect(rules.violations(of: stay, now: Self.instant("2026-07-08T13:00:00Z"), timeZone: "Europe/Budapest", checkInTime: "15:00").isEmpty)
        #expect(
            rules.violations(of: stay, now: Self.instant("2026-07-08T13:00:01Z"), timeZone: "Europe/Budapest", checkInTime: "15:00").map(\.rule) == [
                "advanceNotice"
            ])
    }

    @Test func noticeFallsBackToTheDatesStartInUTC() {
        let rules = StayRules(advanceNoticeHours: 24)
        let stay = Self.stay("2026-11-26", nights: 1)
        for (zone, time) in [("Mars/Olympus", "15:00"), ("Europe/Budapest", "3pm")] {
            #expect(
                rules.violations(of: stay, now: Self.instant("2026-11-25T00:00:00Z"), timeZone: zone, checkInTime: time).isEmpty, "\(zone) \(time)")
            #expect(
                rules.violations(of: stay, now: Self.instant("2026-11-25T00:00:01Z"), timeZone: zone, checkInTime: time).map(\.rule) == [
                    "advanceNotice"
                ], "\(zone) \(time)")
        }
    }

    @Test func noNoticeNeededAllowsCheckingInToday() {
        let late = Self.instant("2026-11-25T22:59:59Z") // 23:59:59 in Budapest
        #expect(
            StayRules.standard.violations(of: Self.stay("2026-11-25", nights: 1), now: late, timeZone: "Europe/Budapest", checkInTime: "15:00")
                .isEmpty)
        let past = StayRules.standard.violations(of: Self.stay("2026-11-24", nights: 2), now: late, timeZone: "Europe/Budapest", checkInTime: "15:00")
        #expect(past == [RuleViolation(rule: "pastCheckIn", detail: "a stay cannot start before today (2026-11-25 at the couch)")])
    }

    @Test func theBookingWindowsLastDayIsTodayAtTheCouchPlusItsDays() {
        let rules = StayRules(bookingWindowDays: 30)
        let now = Self.instant("2026-11-25T23:30:00Z") // the 25th in UTC, already the 26th in Tokyo
        #expect(rules.violations(of: Self.stay("2026-12-25", nights: 2), now: now, timeZone: "UTC", checkInTime: "15:00").isEmpty)
        #expect(
            rules.violations(of: Self.stay("2026-12-26", nights: 2), now: now, timeZone: "UTC", checkInTime: "15:00")
                == [RuleViolation(rule: "bookingWindow", detail: "a stay starts at most 30 days from today")])
        #expect(rules.violations(of: Self.stay("2026-12-26", nights: 2), now: now, timeZone: "Asia/Tokyo", checkInTime: "15:00").isEmpty)
        #expect(
            rules.violations(of: Self.stay("2026-12-27", nights: 2), now: now, timeZone: "Asia/Tokyo", checkInTime: "15:00").map(\.rule) == [
                "bookingWindow"
            ])
    }

    @Test func checkInOnlyOnItsWeekdays() {
        let rules = StayRules(checkInWeekdays: [6, 5])
        #expect(rules.checkInWeekdays == [5, 6])
        let now = Self.instant("2026-11-20T12:00:00Z")
        #expect(rules.violations(of: Self.stay("2026-11-27", nights: 2), now: now, timeZone: "UTC", checkInTime: "15:00").isEmpty, "a Friday")
        #expect(
            rules.violations(of: Self.stay("2026-11-26", nights: 2), now: now, timeZone: "UTC", checkInTime: "15:00")
                == [RuleViolation(rule: "checkInWeekday", detail: "a stay starts only on a Friday or a Saturday")], "a Thursday")
    }

    @Test func aWeekdayMinimumAppliesOnlyOnItsWeekdays() {
        let rules = StayRules(minNights: 2, weekdayMinNights: .init(nights: 3, weekdays: [5, 6]))
        let now = Self.instant("2026-11-20T12:00:00Z")
        func broken(_ checkIn: String, _ nights: Int) -> [RuleViolation] {
            rules.violations(of: Self.stay(checkIn, nights: nights), now: now, timeZone: "UTC", checkInTime: "15:00")
        }
        #expect(rules.minimumNights(startingOn: CalendarDate("2026-11-26")!) == 2)
        #expect(rules.minimumNights(startingOn: CalendarDate("2026-11-27")!) == 3)
        #expect(rules.minimumNights(startingOn: CalendarDate("2026-11-28")!) == 3)
        #expect(broken("2026-11-26", 2).isEmpty, "Thursday, 2 nights")
        #expect(broken("2026-11-27", 2) == [RuleViolation(rule: "minNights", detail: "a stay starting on a Friday is at least 3 nights")])
        #expect(broken("2026-11-28", 3).isEmpty, "Saturday, 3 nights")
        #expect(broken("2026-11-29", 1) == [RuleViolation(rule: "minNights", detail: "a stay is at least 2 nights")])
    }

    @Test func theStandardRulesAllowEveryFutureStayUpTo365Nights() {
        let now = Self.instant("2026-11-25T12:00:00Z")
        #expect(StayRules.standard == StayRules())
        for offset in 0..<7 {
            let checkIn = CalendarDate("2026-11-25")!.adding(days: offset)
            for nights in 1...365 {
                let stay = Stay(checkIn: checkIn, checkOut: checkIn.adding(days: nights))
                #expect(
                    StayRules.standard.violations(of: stay, now: now, timeZone: "Europe/Budapest", checkInTime: "15:00").isEmpty,
                    "\(checkIn), \(nights) nights")
            }
            let tooLong = Stay(checkIn: checkIn, checkOut: checkIn.adding(days: 366))
            #expect(
                StayRules.standard.violations(of: tooLong, now: now, timeZone: "Europe/Budapest", checkInTime: "15:00")
                    == [RuleViolation(rule: "maxNights", detail: "a stay is at most 365 nights")])
        }
    }

    @Test func violationsComeEachOnceInTheirOrder() {
        // Rules no host could save (minimum above maximum), to break everything at once.
        let now = Self.instant("2026-11-25T12:00:00Z")
        let impossible = StayRules(minNights: 10, maxNights: 5, advanceNoticeHours: 48, checkInWeekdays: [1])
        #expect(
            impossible.violations(of: Self.stay("2026-11-24", nights: 7), now: now, timeZone: "UTC", checkInTime: "15:00").map(\.rule)
                == ["pastCheckIn", "advanceNotice", "checkInWeekday", "minNights", "maxNights"])
        let farAndEarly = StayRules(minNights: 10, advanceNoticeHours: 8760, bookingWindowDays: 30, checkInWeekdays: [1])
        #expect(
            farAndEarly.violations(of: Self.stay("2027-01-07", nights: 2), now: now, timeZone: "UTC", checkInTime: "15:00").map(\.rule)
                == ["advanceNotice", "bookingWindow", "checkInWeekday", "minNights"])
    }

    @Test func validationReportsEveryBadFieldAtOnce() {
        let bad = StayRules(
            minNights: 0, maxNights: 400, weekdayMinNights: .init(nights: 0, weekdays: [0, 5, 5]), advanceNoticeHours: 8761,
            bookingWindowDays: 0, turnoverDays: 31, checkInWeekdays: [8, 1, 1], requestExpiryHours: 0)
        #expect(
            Self.fields(bad) == [
                "minNights", "maxNights", "weekdayMinNights", "weekdayMinNights", "advanceNoticeHours", "bookingWindowDays",
                "turnoverDays", "checkInWeekdays", "requestExpiryHours"
            ])
        #expect(Self.fields(StayRules(minNights: 5, maxNights: 3)) == ["maxNights"])
        #expect(Self.fields(StayRules(minNights: 400, maxNights: 365)) == ["minNights", "maxNights"])
        #expect(
            Self.fields(StayRules(weekdayMinNights: .init(nights: 2, weekdays: []), checkInWeekdays: [])) == ["weekdayMinNights", "checkInWeekdays"])
        #expect(
            Self.fields(StayRules(advanceNoticeHours: -1, turnoverDays: -1, requestExpiryHours: 337)) == [
                "advanceNoticeHours", "turnoverDays", "requestExpiryHours"
            ])
        #expect(Self.fields(StayRules(bookingWindowDays: 1096)) == ["bookingWindowDays"])
    }

    @Test func validationAcceptsTheRangesEdges() {
        #expect(Self.fields(.standard).isEmpty)
        #expect(
            Self.fields(
                StayRules(
                    minNights: 365, maxNights: 365, weekdayMinNights: .init(nights: 365, weekdays: [7]), advanceNoticeHours: 8760,
                    bookingWindowDays: 1095, turnoverDays: 30, checkInWeekdays: [7], requestExpiryHours: 336)
            ).isEmpty)
        #expect(
            Self.fields(
                StayRules(
                    minNights: 1, maxNights: 1, weekdayMinNights: .init(nights: 1, weekdays: [1, 2, 3, 4, 5, 6, 7]), advanceNoticeHours: 0,
                    bookingWindowDays: 1, turnoverDays: 0, checkInWeekdays: [1], requestExpiryHours: 1)
            ).isEmpty)
    }

    static func fields(_ rules: StayRules) -> [String] {
        var validation = Validation()
        rules.validate(into: &validation)
        return validation.issues.map(\.field)
    }
}
