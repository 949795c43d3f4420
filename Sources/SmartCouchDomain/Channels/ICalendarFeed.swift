import Foundation

/// Reads a channel's iCalendar feed (RFC 5545 as channels emit it): unfolded lines, all-day or
/// timed events, `DTEND` exclusive or missing, cancelled events left out, unknown properties and
/// components ignored. Every size is bounded; a body that is not a calendar is an error, never an
/// empty calendar.
package enum ICalendarFeed {
    package static let maxEvents = 5000
    package static let maxLineLength = 10_000

    package struct Unreadable: Error, Sendable, Equatable, CustomStringConvertible {
        package var reason: String
        package var description: String { reason }
    }

    /// The feed's events, in feed order, with dates on the couch's wall clock; events that cannot
    /// be a stay (no UID, no start, ending before they begin, outside 2000–2100) are skipped; a
    /// repeated UID is the next event of that name (`uid#2`). NUL characters, which no calendar text may
    /// hold and no database text can, are dropped.
    package static func events(in text: String, timeZone: TimeZone) throws(Unreadable) -> [FeedEvent] {
        let lines = unfolded(text.contains("\u{0}") ? text.replacingOccurrences(of: "\u{0}", with: "") : text)
        guard lines.first(where: { !$0.isEmpty })?.uppercased() == "BEGIN:VCALENDAR" else {
            throw Unreadable(reason: "the body is not an iCalendar feed (it does not begin with BEGIN:VCALENDAR)")
        }
        guard lines.contains(where: { $0.uppercased() == "END:VCALENDAR" }) else {
            throw Unreadable(reason: "the feed ends before END:VCALENDAR")
        }
        var events: [FeedEvent] = []
        var seen: [String: Int] = [:]
        var current: [Property]?
        var depth = 0
        for line in lines where !line.isEmpty {
            guard line.utf8.count <= maxLineLength else { throw Unreadable(reason: "a line is longer than \(maxLineLength) bytes") }
            guard let property = Property(line) else { continue }
            switch (property.name, property.value.uppercased()) {
            case ("BEGIN", "VEVENT") where current == nil:
                current = []
                depth = 0
            case ("BEGIN", _) where current != nil:
                depth += 1
            case ("END", "VEVENT") where current != nil && depth == 0:
                if var event = event(current ?? [], timeZone: timeZone) {
                    // A UID the feed repeats is another event all the same: its nights are the
                    // channel's too. It is told apart by its place among its namesakes.
                    let repeats = seen[event.uid, default: 0]
                    seen[event.uid] = repeats + 1
                    if repeats > 0 { event.uid += "#\(repeats + 1)" }
                    events.append(event)
                    guard events.count <= maxEvents else { throw Unreadable(reason: "the feed has more than \(maxEvents) events") }
                }
                current = nil
            case ("END", _) where current != nil:
                depth -= 1
            default:
                if depth == 0 { current?.append(property) }
            }
        }
        return events
    }

    static func unfolded(_ text: String) -> [String] {
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        var lines: [String] = []
        // CRLF is one Character in Swift; CR or LF alone end a line too.
        for raw in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += raw.dropFirst()
            } else {
                lines.append(String(raw))
            }
        }
        return lines
    }

    struct Property {
        var name: String
        var parameters: [String: String]
        var value: String

        /// `NAME;PARAM=VALUE;…:value`, the value after the first colon outside quotes.
        init?(_ line: String) {
            var inQuotes = false
            guard
                let colon = line.firstIndex(where: { character in
                    if character == "\"" { inQuotes.toggle() }
                    return character == ":" && !inQuotes
                })
            else { return nil }
            let head = line[..<colon].split(separator: ";", omittingEmptySubsequences: false)
            guard let name = head.first, !name.isEmpty else { return nil }
            self.name = name.uppercased()
            var parameters: [String: String] = [:]
            for parameter in head.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2 { parameters[pair[0].uppercased()] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            }
            self.parameters = parameters
            value = String(line[line.index(after: colon)...])
        }
    }

    static func event(_ properties: [Property], timeZone: TimeZone) -> FeedEvent? {
        func first(_ name: String) -> Property? { properties.first { $0.name == name } }
        guard let uid = first("UID")?.value.trimmingCharacters(in: .whitespaces), !uid.isEmpty, uid.utf8.count <= 490,
            first("STATUS")?.value.uppercased() != "CANCELLED",
            let start = first("DTSTART").flatMap({ date($0, timeZone: timeZone) })
        else { return nil }
        let end = first("DTEND").flatMap { date($0, timeZone: timeZone) } ?? start.adding(days: 1)
        let years = 2000...2100
        guard end > start, years.contains(start.yearMonthDay.year), years.contains(end.yearMonthDay.year) else {
            return nil
        }
        let summary = first("SUMMARY").map { unescaped($0.value) }
        let description = first("DESCRIPTION").map { unescaped($0.value) } ?? ""
        return FeedEvent(
            uid: uid, stay: Stay(checkIn: start, checkOut: end), kind: FeedEvent.kind(ofSummary: summary),
            summary: summary.flatMap { clipped($0, to: 200) },
            reservationURL: field(in: description, after: "reservation url:").flatMap { clipped($0, to: 500) },
            phoneLast4: field(in: description, after: "phone number (last 4 digits):").flatMap {
                $0.count == 4 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) ? $0 : nil
            },
            guests: guestCount(in: description))
    }

    /// At most `limit` code points, as the schema counts them; nothing rather than an empty text,
    /// so that a re-read event equals the parsed one.
    static func clipped(_ text: String, to limit: Int) -> String? {
        text.isEmpty ? nil : String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit)))
    }

    /// `20261201` (a date), or `20261201T150000` with `Z`, a `TZID` or neither (floating), as the
    /// date it is at the couch.
    static func date(_ property: Property, timeZone: TimeZone) -> CalendarDate? {
        let value = property.value.trimmingCharacters(in: .whitespaces)
        let digits = value.prefix(8)
        guard digits.count == 8, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let year = Int(digits.prefix(4)), let month = Int(digits.dropFirst(4).prefix(2)), let day = Int(digits.suffix(2)),
            let date = CalendarDate(year: year, month: month, day: day)
        else { return nil }
        guard value.count > 8, property.parameters["VALUE"]?.uppercased() != "DATE" else { return date }
        let time = value.dropFirst(9)
        guard value.dropFirst(8).first == "T", time.prefix(6).count == 6, time.prefix(6).allSatisfy({ $0.isASCII && $0.isNumber }),
            let hour = Int(time.prefix(2)), let minute = Int(time.dropFirst(2).prefix(2)), let second = Int(time.dropFirst(4).prefix(2))
        else {
            return nil
        }
        let zone: TimeZone?
        if time.hasSuffix("Z") {
            zone = TimeZone(identifier: "UTC")
        } else if let identifier = property.parameters["TZID"] {
            zone = TimeZone(identifier: identifier)
        } else {
            return date
        }
        guard let zone else { return date }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let instant = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)) else {
            return nil
        }
        return CalendarDate(instant, in: timeZone)
    }

    /// A TEXT value with its escapes undone.
    static func unescaped(_ value: String) -> String {
        var text = ""
        var escaping = false
        for character in value {
            if escaping {
                text.append(character == "n" || character == "N" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                text.append(character)
            }
        }
        return text
    }

    /// The rest of the line that starts with `label` (case-insensitive), trimmed.
    static func field(in description: String, after label: String) -> String? {
        for line in description.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.lowercased().hasPrefix(label) {
                let value = trimmed.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }

    /// "Guests: 3", "Number of guests: 3" or "3 guests".
    static func guestCount(in description: String) -> Int? {
        let lower = description.lowercased()
        if let value = field(in: lower, after: "guests:") ?? field(in: lower, after: "number of guests:"),
            let count = Int(value.prefix { $0.isNumber })
        {
            return (1...50).contains(count) ? count : nil
        }
        guard let range = lower.range(of: #"\b([0-9]{1,2}) guests?\b"#, options: .regularExpression) else { return nil }
        return Int(lower[range].prefix { $0.isNumber }).flatMap { (1...50).contains($0) ? $0 : nil }
    }
}
