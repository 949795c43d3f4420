import Foundation
import Testing

@testable import SmartCouchDomain

/// Channel feeds as Airbnb, Booking.com and channel managers emit them.
@Suite struct ICalendarFeedTests {
    static let budapest = TimeZone(identifier: "Europe/Budapest")!

    func events(_ lines: [String], separator: String = "\r\n") throws -> [FeedEvent] {
        try ICalendarFeed.events(in: lines.joined(separator: separator), timeZone: Self.budapest)
    }

    func day(_ text: String) -> CalendarDate { CalendarDate(text)! }

    @Test func anAirbnbFeedGivesStaysAndBlocks() throws {
        let feed = try events([
            "\u{FEFF}BEGIN:VCALENDAR", "PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN", "VERSION:2.0",
            "BEGIN:VEVENT", "DTEND;VALUE=DATE:20261205", "DTSTART;VALUE=DATE:20261201", "UID:1418fb94e984-abc@airbnb.com",
            "DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMABC12345\\nPhone Number (Last 4 Digits): 1234",
            " \\n3 guests",
            "SUMMARY:Reserved", "DTSTAMP:20261123T101010Z", "END:VEVENT",
            "BEGIN:VEVENT", "DTSTART;VALUE=DATE:20261210", "DTEND;VALUE=DATE:20261212", "UID:blocked-1@airbnb.com",
            "SUMMARY:Airbnb (Not available)", "END:VEVENT",
            "END:VCALENDAR", ""
        ])
        #expect(feed.count == 2)
        #expect(
            feed[0]
                == FeedEvent(
                    uid: "1418fb94e984-abc@airbnb.com", stay: Stay(checkIn: day("2026-12-01"), checkOut: day("2026-12-05")), kind: .stay,
                    summary: "Reserved", reservationURL: "https://www.airbnb.com/hosting/reservations/details/HMABC12345", phoneLast4: "1234",
                    guests: 3))
        #expect(feed[1].kind == .block && feed[1].stay.checkOut == day("2026-12-12"))
    }

    @Test func bookingComFeedsWithLFOnlyAreBlocksOfEveryKind() throws {
        let feed = try events(
            [
                "BEGIN:VCALENDAR", "VERSION:2.0",
                "BEGIN:VEVENT", "UID:bdc-1", "DTSTART;VALUE=DATE:20261201", "DTEND;VALUE=DATE:20261203", "SUMMARY:CLOSED - Not available",
                "END:VEVENT",
                "END:VCALENDAR"
            ], separator: "\n")
        #expect(feed.map(\.kind) == [.block])
    }

    @Test func timedEventsAreTheirDatesAtTheCouch() throws {
        let feed = try events([
            "BEGIN:VCALENDAR",
            // 23:30 UTC is already the next day in Budapest.
            "BEGIN:VEVENT", "UID:a", "DTSTART:20261201T233000Z", "DTEND:20261204T090000Z", "SUMMARY:Anna Smith", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b", "DTSTART;TZID=America/New_York:20261210T200000", "DTEND;TZID=America/New_York:20261212T100000", "END:VEVENT",
            "BEGIN:VEVENT", "UID:c", "DTSTART:20261220T150000", "END:VEVENT",
            "END:VCALENDAR"
        ])
        #expect(
            feed.map(\.stay) == [
                Stay(checkIn: day("2026-12-02"), checkOut: day("2026-12-04")),
                Stay(checkIn: day("2026-12-11"), checkOut: day("2026-12-12")),
                // No DTEND: one day.
                Stay(checkIn: day("2026-12-20"), checkOut: day("2026-12-21"))
            ])
        #expect(feed[0].kind == .stay && feed[0].summary == "Anna Smith")
    }

    @Test func brokenAndCancelledEventsAreLeftOutNotTheFeed() throws {
        let feed = try events([
            "BEGIN:VCALENDAR", "X-WR-CALNAME:Loft",
            "BEGIN:VEVENT", "UID:cancelled", "STATUS:CANCELLED", "DTSTART;VALUE=DATE:20261201", "DTEND;VALUE=DATE:20261203", "END:VEVENT",
            "BEGIN:VEVENT", "UID:backwards", "DTSTART;VALUE=DATE:20261205", "DTEND;VALUE=DATE:20261203", "END:VEVENT",
            "BEGIN:VEVENT", "UID:far", "DTSTART;VALUE=DATE:99991201", "DTEND;VALUE=DATE:99991203", "END:VEVENT",
            "BEGIN:VEVENT", "DTSTART;VALUE=DATE:20261201", "DTEND;VALUE=DATE:20261203", "END:VEVENT",
            "BEGIN:VEVENT", "UID:ok", "DTSTART;VALUE=DATE:20261210", "DTEND;VALUE=DATE:20261211",
            "BEGIN:VALARM", "TRIGGER:-PT15M", "UID:alarm", "END:VALARM", "X-UNKNOWN;FOO=bar:baz", "END:VEVENT",
            "BEGIN:VEVENT", "UID:ok", "DTSTART;VALUE=DATE:20261215", "DTEND;VALUE=DATE:20261216", "END:VEVENT",
            "BEGIN:VEVENT", "UID:long", "DTSTART;VALUE=DATE:20261220", "DTEND;VALUE=DATE:20280101", "END:VEVENT",
            "END:VCALENDAR"
        ])
        // A repeated UID and a block of more than a year hold their nights like any event.
        #expect(feed.map(\.uid) == ["ok", "ok#2", "long"])
        #expect(feed.map(\.stay.checkIn) == [day("2026-12-10"), day("2026-12-15"), day("2026-12-20")])
    }

    @Test(arguments: ["<html><body>Please log in</body></html>", #"{"error":"nope"}"#, "", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n"])
    func aBodyThatIsNotACalendarIsAnError(body: String) {
        #expect(throws: ICalendarFeed.Unreadable.self) { try ICalendarFeed.events(in: body, timeZone: Self.budapest) }
    }

    @Test func tooManyEventsIsAnError() {
        var lines = ["BEGIN:VCALENDAR"]
        for index in 0...ICalendarFeed.maxEvents {
            lines += ["BEGIN:VEVENT", "UID:\(index)", "DTSTART;VALUE=DATE:20261201", "END:VEVENT"]
        }
        lines.append("END:VCALENDAR")
        #expect(throws: ICalendarFeed.Unreadable.self) { try events(lines) }
    }
}
