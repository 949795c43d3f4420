import Foundation
import SmartCouchDomain
import SmartCouchServices

/// Taken nights as an iCalendar feed (RFC 5545), the format other booking platforms import to
/// block the same nights. One all-day event per booking, block, imported event or turnover; nothing about the guest.
enum ICalendar {
    static func feed(name: String, events: [CalendarEvent], uid: (CalendarEvent) -> String) -> String {
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//SmartCouch//Booked stays//EN",
            "CALSCALE:GREGORIAN",
            "X-WR-CALNAME:" + text(name)
        ]
        for event in events {
            lines += [
                "BEGIN:VEVENT",
                // Stable across fetches, so importers update an event instead of duplicating it.
                "UID:\(uid(event))@smartcouch",
                // Without a METHOD, DTSTAMP is when the event last changed, and SEQUENCE counts its
                // changes: importers that compare either take new dates only when they grow. An
                // unchanged event keeps both, so the feed stays the same between changes.
                "DTSTAMP:" + timestamp.format(event.revisedAt),
                "SEQUENCE:\(event.sequence)",
                "DTSTART;VALUE=DATE:" + date(event.stay.checkIn),
                // Exclusive, like the check-out date: the night before check-out is the last one.
                "DTEND;VALUE=DATE:" + date(event.stay.checkOut),
                "SUMMARY:" + (event.isStay ? "Booked" : "Not available"),
                "TRANSP:OPAQUE",
                "END:VEVENT"
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).map { $0 + "\r\n" }.joined()
    }

    private static let timestamp = Date.ISO8601FormatStyle(
        dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted, timeZone: .gmt)

    private static func date(_ date: CalendarDate) -> String {
        date.description.replacingOccurrences(of: "-", with: "")
    }

    /// A TEXT value: backslash, semicolon, comma and line breaks escaped; other control characters dropped.
    private static func text(_ value: String) -> String {
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n": escaped += "\\n"
            case _ where scalar.properties.generalCategory == .control: continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Lines longer than 75 octets continue on the next line after a space, never splitting a
    /// UTF-8 sequence.
    private static func fold(_ line: String) -> String {
        var folded = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > 75 {
                folded += "\r\n "
                octets = 1
            }
            folded.unicodeScalars.append(scalar)
            octets += size
        }
        return folded
    }
}
