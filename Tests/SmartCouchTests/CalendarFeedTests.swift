import Foundation
import HTTPTransport
import OpenHABSimulator
import Testing
import TestSupport

/// Channel calendars imported end to end: the simulator serves the feeds, the server fetches them
/// through its transport.
@Suite struct CalendarFeedTests {
    static func feed(_ events: [(uid: String, from: String, to: String, summary: String)]) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN"]
        for event in events {
            lines += ["BEGIN:VEVENT", "UID:\(event.uid)", "DTSTART;VALUE=DATE:\(event.from.replacingOccurrences(of: "-", with: ""))",
                      "DTEND;VALUE=DATE:\(event.to.replacingOccurrences(of: "-", with: ""))", "SUMMARY:\(event.summary)", "END:VEVENT"]
        }
        return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    static func publish(_ simulator: OpenHABSimulator, _ name: String, _ body: String) async throws {
        try await simulator.control("PUT", "/calendars/\(name)", body)
    }

    @Test func importChangeCancelAndConflict() async throws {
        try await TestServer.withHome { server, home in
            let sim = home.simulator
            let guest = try await server.register("Guest")
            let couch = home.couchId
            let (d10, d13, d20, d22, d30, d33) = (server.date(10), server.date(13), server.date(20), server.date(22), server.date(30), server.date(33))
            try await Self.publish(sim, "airbnb", Self.feed([("stay-1", d10, d13, "Reserved"), ("block-1", d20, d22, "Airbnb (Not available)")]))

            let url = sim.baseURL.absoluteString + "/_sim/calendars/airbnb.ics?s=SECRETTOKEN"
            let added = try await server.send(.POST, "/couches/\(couch)/calendars", json: ["url": url, "name": "Airbnb"], token: home.host.accessToken)
            #expect(added.status == .created, "\(added.text)")
            let feed = try added.json
            let feedId = try #require(feed["id"] as? String)
            #expect(feed["stays"] as? Int == 1 && feed["blocks"] as? Int == 1 && feed["conflicts"] as? Int == 0)
            #expect(!added.text.contains("SECRETTOKEN") && (feed["url"] as? String)?.contains("s=****") == true)

            // Imported nights are taken here: availability, bookings, search, our own export.
            let taken = try await server.send(.GET, "/couches/\(couch)/availability?from=\(server.date(0))&to=\(server.date(40))").jsonArray
            #expect(taken.map { $0["checkIn"] as? String } == [d10, d20])
            try await server.reserve(guest, couch, from: 11, to: 12).problem(.conflict)
            #expect(try await server.search("checkIn=\(server.date(11))&checkOut=\(server.date(12))").contains(couch) == false)
            let export = try await server.send(.GET, "/couches/\(couch)/calendar.ics").text
            #expect(export.contains("DTSTART;VALUE=DATE:\(d10.replacingOccurrences(of: "-", with: ""))"))
            let toAirbnb = try await server.send(.GET, "/couches/\(couch)/calendar.ics?exclude=\(feedId)").text
            #expect(!toAirbnb.contains("DTSTART;VALUE=DATE:\(d10.replacingOccurrences(of: "-", with: ""))"), "Airbnb is not fed its own stays")

            // An unchanged feed: a 304, nothing rewritten.
            #expect(try await server.count("channel_events") == 2)
            let versions = "SELECT string_agg(xmin::text, ',' ORDER BY uid) FROM channel_events"
            let written = try await server.scalar(versions)
            #expect(try await server.send(.POST, "/couches/\(couch)/calendars/\(feedId)/sync", token: home.host.accessToken).status == .ok)
            #expect(try await server.scalar(versions) == written)

            // The guest books here first; then the channel sells overlapping nights, changes the
            // stay and cancels the block.
            _ = try await server.book(guest, couch, from: 30, to: 33)
            try await Self.publish(sim, "airbnb", Self.feed([("stay-1", d13, server.date(15), "Reserved"), ("stay-2", server.date(31), server.date(34), "Reserved")]))
            let synced = try await server.send(.POST, "/couches/\(couch)/calendars/\(feedId)/sync", token: home.host.accessToken).json
            #expect(synced["stays"] as? Int == 1 && synced["blocks"] as? Int == 0 && synced["conflicts"] as? Int == 1, "\(synced)")
            _ = try await server.book(guest, couch, from: 10, to: 13)
            _ = try await server.book(guest, couch, from: 20, to: 22)
            let conflicts = try await server.send(.GET, "/couches/\(couch)/conflicts", token: home.host.accessToken).json["items"] as? [[String: Any]] ?? []
            #expect(conflicts.count == 1)
            #expect((conflicts.first?["imported"] as? [String: Any])?["uid"] as? String == "stay-2")
            #expect((conflicts.first?["heldBy"] as? [String: Any])?["source"] as? String == "booking")
            try await server.send(.GET, "/couches/\(couch)/conflicts", token: guest.accessToken).problem(.forbidden)

            // The booking goes away: the next sync places the import.
            let stayHere = try #require(try await server.send(.GET, "/reservations/user/\(guest.id.uuidString.lowercased())", token: guest.accessToken)
                .jsonArray.first { $0["checkIn"] as? String == d30 }?["id"] as? String)
            #expect(try await server.send(.POST, "/reservations/\(stayHere)/cancel", token: guest.accessToken).status == .ok)
            let resolved = try await server.send(.POST, "/couches/\(couch)/calendars/\(feedId)/sync", token: home.host.accessToken).json
            #expect(resolved["conflicts"] as? Int == 0 && resolved["stays"] as? Int == 2, "\(resolved)")

            // A broken feed keeps the last good data and says why.
            try await Self.publish(sim, "airbnb", "<html>Please sign in</html>")
            let broken = try await server.send(.POST, "/couches/\(couch)/calendars/\(feedId)/sync", token: home.host.accessToken).json
            #expect((broken["lastError"] as? String)?.contains("not a usable iCalendar") == true && broken["stays"] as? Int == 2, "\(broken)")

            // Removing the calendar frees its nights.
            try await server.send(.DELETE, "/couches/\(couch)/calendars/\(feedId)", token: guest.accessToken).problem(.forbidden)
            #expect(try await server.send(.DELETE, "/couches/\(couch)/calendars/\(feedId)", token: home.host.accessToken).status == .noContent)
            _ = try await server.book(guest, couch, from: 31, to: 34)
        }
    }

    @Test func aFeedThatCannotBeUsedIsRefusedSayingWhy() async throws {
        try await TestServer.withHome { server, home in
            try await Self.publish(home.simulator, "garbage", #"{"error":"login required"}"#)
            try await withHostileServer { hostile in
                let cases: [(String, String)] = [
                    ("ftp://example.com/cal.ics", "must be the channel's"),
                    ("http://user:pw@example.com/cal.ics", "must be the channel's"),
                    (home.simulator.baseURL.absoluteString + "/_sim/calendars/missing.ics", "answered 404"),
                    (home.simulator.baseURL.absoluteString + "/_sim/calendars/garbage.ics", "not a usable iCalendar"),
                    ("\(hostile.baseURL)/redirect/cal.ics", "redirect"),
                    ("\(hostile.baseURL)/huge/cal.ics", "could not be used"),
                    ("\(hostile.baseURL)/leak/cal.ics", "answered 500"),
                ]
                for (url, reason) in cases {
                    let response = try await server.send(.POST, "/couches/\(home.couchId)/calendars", json: ["url": url], token: home.host.accessToken)
                    let problem = try response.problem(.unprocessableEntity)
                    let text = (problem["errors"] as? [[String: Any]])?.first?["reason"] as? String ?? ""
                    #expect(text.contains(reason) && !text.contains("hunter2"), "\(url): \(text)")
                }
            }
            #expect(try await server.count("calendar_feeds") == 0)
        }
        try await TestServer.with({ $0.egress = EgressPolicy() }) { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            let response = try await server.send(.POST, "/couches/\(couch)/calendars", json: ["url": "http://127.0.0.1:5432/cal.ics"], token: host.accessToken)
            let problem = try response.problem(.unprocessableEntity)
            #expect((problem["detail"] as? String)?.contains("not allowed") == true, "\(problem)")
        }
    }
}
