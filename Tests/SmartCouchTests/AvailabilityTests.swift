import Foundation
import Testing

@Suite struct AvailabilityTests {
    @Test func availabilityListsWholeConfirmedStaysThatTouchTheWindow() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            _ = try await server.book(guest, couch, from: 10, to: 13)
            _ = try await server.book(guest, couch, from: 13, to: 15)
            let cancelled = try await server.book(guest, couch, from: 16, to: 18)
            _ = try await server.send(.POST, "/reservations/\(cancelled)/cancel", token: guest.accessToken)
            _ = try await server.book(guest, couch, from: 30, to: 32)

            func ranges(_ from: Int, _ to: Int) async throws -> [[String: String]] {
                let response = try await server.send(.GET, "/couches/\(couch)/availability?from=\(server.date(from))&to=\(server.date(to))")
                #expect(response.status == .ok, "\(response.text)")
                return try response.jsonArray.map { $0.compactMapValues { $0 as? String } }
            }
            #expect(
                try await ranges(12, 20) == [
                    ["checkIn": server.date(10), "checkOut": server.date(13)],
                    ["checkIn": server.date(13), "checkOut": server.date(15)]
                ])
            // `to` is exclusive, and so is a stay's check-out day.
            #expect(try await ranges(0, 10).isEmpty)
            #expect(try await ranges(15, 30).isEmpty)
            #expect(try await ranges(0, 366).count == 3)
            // The window may start in the past.
            #expect(try await ranges(-5, 11).count == 1)
        }
    }

    @Test func availabilityNeedsAValidWindowAndAKnownCouch() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            func fields(_ query: String) async throws -> Set<String> {
                let response = try await server.send(.GET, "/couches/\(couch)/availability\(query)")
                try response.problem(.unprocessableEntity)
                return try response.problemFields
            }
            #expect(try await fields("") == ["from", "to"])
            #expect(try await fields("?from=\(server.date(1))") == ["to"])
            #expect(try await fields("?from=\(server.date(5))&to=\(server.date(5))") == ["to"])
            #expect(try await fields("?from=\(server.date(0))&to=\(server.date(367))") == ["to"])
            #expect(try await fields("?from=tomorrow&to=2026-02-30") == ["from", "to"])
            try await server.send(.GET, "/couches/\(UUID())/availability?from=\(server.date(0))&to=\(server.date(5))").problem(.notFound)
            try await server.send(.GET, "/couches/nope/availability?from=\(server.date(0))&to=\(server.date(5))").problem(.badRequest)
        }
    }

    @Test func theCalendarFeedIsICalendarWithOneEventPerConfirmedStay() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest Whose Name Must Not Leak")
            // Long, with characters iCalendar escapes and with multi-byte ones, so that lines fold.
            let name = "Ház a Duna-parton; csendes, világos – \\ kilátással a hegyekre és a Lánchídra, teraszon reggelivel"
            let couch = try await server.createCouch(by: host, ["name": name])
            let first = try await server.book(guest, couch, from: 10, to: 13)
            let second = try await server.book(guest, couch, from: 20, to: 21)
            let cancelled = try await server.book(guest, couch, from: 30, to: 31)
            _ = try await server.send(.POST, "/reservations/\(cancelled)/cancel", token: guest.accessToken)

            let response = try await server.send(.GET, "/couches/\(couch)/calendar.ics")
            #expect(response.status == .ok)
            #expect(response.headers.first(name: "Content-Type")?.hasPrefix("text/calendar") == true)
            let calendar = try ICalendarFile(response.body)
            #expect(calendar.physicalLines.allSatisfy { $0.utf8.count <= 75 })
            #expect(calendar.physicalLines.contains { $0.hasPrefix(" ") }, "the long name is folded")
            #expect(!response.text.contains("Guest Whose Name"))
            #expect(!response.text.contains(guest.id.uuidString.lowercased()))

            #expect(calendar.properties.first?.name == "BEGIN" && calendar.properties.first?.value == "VCALENDAR")
            #expect(calendar.properties.last?.name == "END" && calendar.properties.last?.value == "VCALENDAR")
            #expect(calendar.value("VERSION") == "2.0")
            #expect(calendar.value("PRODID")?.isEmpty == false)
            #expect(calendar.value("X-WR-CALNAME").map(ICalendarFile.unescape) == name)

            let events = calendar.events
            #expect(events.count == 2)
            #expect(Set(events.compactMap { $0["UID"] }).count == 2)
            for (event, (id, checkIn, checkOut)) in zip(events, [(first, 10, 13), (second, 20, 21)]) {
                // Opaque: a reader of the feed learns no reservation's id.
                #expect(event["UID"]?.wholeMatch(of: /[0-9a-f]{32}@smartcouch/) != nil && event["UID"]?.contains(id.uuidString.lowercased()) == false)
                #expect(event["DTSTART;VALUE=DATE"] == server.date(checkIn).replacingOccurrences(of: "-", with: ""))
                #expect(event["DTEND;VALUE=DATE"] == server.date(checkOut).replacingOccurrences(of: "-", with: ""))
                #expect(event["SUMMARY"] == "Booked")
                #expect(event["DTSTAMP"]?.wholeMatch(of: /\d{8}T\d{6}Z/) != nil)
            }
            // Stable: fetching again gives the same feed.
            #expect(try await server.send(.GET, "/couches/\(couch)/calendar.ics").body == response.body)

            try await server.send(.GET, "/couches/\(UUID())/calendar.ics").problem(.notFound)
        }
    }
}

/// A minimal iCalendar reader: CRLF lines, unfolded, split into properties.
struct ICalendarFile {
    let physicalLines: [String]
    let properties: [(name: String, value: String)]

    init(_ data: Data) throws {
        let text = String(decoding: data, as: UTF8.self)
        guard text.hasSuffix("\r\n") else { throw TestFailure("an iCalendar file ends with CRLF") }
        physicalLines = text.components(separatedBy: "\r\n").dropLast()
        guard physicalLines.allSatisfy({ !$0.contains("\n") && !$0.contains("\r") }) else {
            throw TestFailure("every line ends with CRLF, not a bare LF or CR")
        }
        var logical: [String] = []
        for line in physicalLines {
            if line.hasPrefix(" ") || line.hasPrefix("\t"), !logical.isEmpty {
                logical[logical.count - 1] += line.dropFirst()
            } else {
                logical.append(line)
            }
        }
        properties = try logical.map { line in
            guard let colon = line.firstIndex(of: ":") else { throw TestFailure("not a property: \(line)") }
            return (String(line[..<colon]), String(line[line.index(after: colon)...]))
        }
    }

    func value(_ name: String) -> String? {
        properties.first { $0.name == name }?.value
    }

    /// Each VEVENT's properties by name (with parameters, e.g. "DTSTART;VALUE=DATE").
    var events: [[String: String]] {
        var events: [[String: String]] = []
        var current: [String: String]?
        for (name, value) in properties {
            switch (name, value) {
            case ("BEGIN", "VEVENT"): current = [:]
            case ("END", "VEVENT"):
                if let event = current { events.append(event) }
                current = nil
            default: current?[name] = value
            }
        }
        return events
    }

    static func unescape(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
