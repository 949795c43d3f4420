import Foundation
import HTTPTransport
import OpenHABSimulator
import SmartCouchBootstrap
import SmartCouchHTTP
import SmartCouchServices
import TestSupport
import Testing

/// Channel calendars imported end to end: the simulator serves the feeds, the server fetches them
/// through its transport.
@Suite struct CalendarFeedTests {

    @Test func importChangeCancelAndConflict() async throws {
        try await TestServer.withHome { server, home in
            let sim = home.simulator
            let guest = try await server.register("Guest")
            let couch = home.couchId
            let (d10, d13, d20, d22, d30) = (server.date(10), server.date(13), server.date(20), server.date(22), server.date(30))
            try await Channels.publish(
                sim, "airbnb", Channels.feed([("stay-1", d10, d13, "Reserved"), ("block-1", d20, d22, "Airbnb (Not available)")]))

            let url = sim.baseURL.absoluteString + "/_sim/calendars/airbnb.ics?s=SECRETTOKEN"
            let added = try await server.send(
                .POST, "/couches/\(couch)/calendars", json: ["url": url, "name": "Airbnb"], token: home.host.accessToken)
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

            // The host lists the import beside the bookings; anyone else sees only taken nights.
            let listed = try await server.send(.GET, "/reservations/\(couch)", token: home.host.accessToken).jsonArray
            // An imported stay, with no guest: decoded as the contract's ImportedStay, which has no guestId.
            let imported = try #require(listed.first { $0["source"] as? String == "import" }, "\(listed)").typed(as: Schemas.ImportedStay.self)
            #expect(imported.checkIn == d10 && imported.status == .confirmed)
            #expect(imported.channel.name == "Airbnb" && imported.channel.uid == "stay-1" && imported.channel.feedId == feedId)
            #expect(listed.count == 1, "a channel's block is no stay: \(listed)")
            let seen = try await server.send(.GET, "/reservations/\(couch)", token: guest.accessToken).jsonArray
            #expect(seen.map { $0["checkIn"] as? String } == [d10, d20] && seen.allSatisfy { $0.count == 2 }, "\(seen)")

            // An unchanged feed: a 304, nothing rewritten.
            #expect(try await server.count("channel_events") == 2)
            let versions = "SELECT string_agg(xmin::text, ',' ORDER BY uid) FROM channel_events"
            let written = try await server.scalar(versions)
            #expect(try await server.send(.POST, "/couches/\(couch)/calendars/\(feedId)/sync", token: home.host.accessToken).status == .ok)
            #expect(try await server.scalar(versions) == written)

            // The guest books here first; then the channel sells overlapping nights, changes the
            // stay and cancels the block.
            _ = try await server.book(guest, couch, from: 30, to: 33)
            try await Channels.publish(
                sim, "airbnb", Channels.feed([("stay-1", d13, server.date(15), "Reserved"), ("stay-2", server.date(31), server.date(34), "Reserved")])
            )
            let synced = try await server.send(.POST, "/couches/\(couch)/calendars/\(feedId)/sync", token: home.host.accessToken).json
            #expect(synced["stays"] as? Int == 1 && synced["blocks"] as? Int == 0 && synced["conflicts"] as? Int == 1, "\(synced)")
            _ = try await server.book(guest, couch, from: 10, to: 13)
            _ = try await server.book(guest, couch, from: 20, to: 22)
            let withConflict = try await server.send(.GET, "/reservations/\(couch)?when=upcoming", token: home.host.accessToken).jsonArray
            #expect(
                withConflict.map { "\($0["source"] ?? "")/\($0["status"] ?? "")/\($0["checkIn"] ?? "")" } == [
                    "booking/confirmed/\(d10)", "import/confirmed/\(d13)", "booking/confirmed/\(d20)",
                    "booking/confirmed/\(d30)", "import/conflict/\(server.date(31))"
                ])
            let placedOnly = try await server.send(.GET, "/reservations/\(couch)?status=confirmed", token: home.host.accessToken).jsonArray
            #expect(placedOnly.count == 4 && placedOnly.first?["checkIn"] as? String == d30, "newest first: \(placedOnly)")
            let conflicts =
                try await server.send(.GET, "/couches/\(couch)/conflicts", token: home.host.accessToken).json["items"] as? [[String: Any]] ?? []
            #expect(conflicts.count == 1)
            #expect((conflicts.first?["imported"] as? [String: Any])?["uid"] as? String == "stay-2")
            #expect((conflicts.first?["heldBy"] as? [String: Any])?["source"] as? String == "booking")
            try await server.send(.GET, "/couches/\(couch)/conflicts", token: guest.accessToken).problem(.forbidden)

            // The booking goes away: the next sync places the import.
            let stayHere = try #require(
                try await server.send(.GET, "/reservations/user/\(guest.id.uuidString.lowercased())", token: guest.accessToken)
                    .jsonArray.first { $0["checkIn"] as? String == d30 }?["id"] as? String)
            #expect(try await server.send(.POST, "/reservations/\(stayHere)/cancel", token: guest.accessToken).status == .ok)
            let resolved = try await server.send(.POST, "/couches/\(couch)/calendars/\(feedId)/sync", token: home.host.accessToken).json
            #expect(resolved["conflicts"] as? Int == 0 && resolved["stays"] as? Int == 2, "\(resolved)")

            // A broken feed keeps the last good data and says why.
            try await Channels.publish(sim, "airbnb", "<html>Please sign in</html>")
            let broken = try await server.send(.POST, "/couches/\(couch)/calendars/\(feedId)/sync", token: home.host.accessToken).json
            #expect((broken["lastError"] as? String)?.contains("not a usable iCalendar") == true && broken["stays"] as? Int == 2, "\(broken)")

            // Removing the calendar frees its nights.
            try await server.send(.DELETE, "/couches/\(couch)/calendars/\(feedId)", token: guest.accessToken).problem(.forbidden)
            #expect(try await server.send(.DELETE, "/couches/\(couch)/calendars/\(feedId)", token: home.host.accessToken).status == .noContent)
            _ = try await server.book(guest, couch, from: 31, to: 34)
        }
    }

    @Test func aFeedThatCannotBeUsedIsRefusedSayingWhy() async throws {
        try await TestServer.withHome(Channels.quickFeeds) { server, home in
            let sim = home.simulator
            let feeds = sim.baseURL.absoluteString + "/_sim/calendars"
            try await Channels.publish(sim, "garbage", #"{"error":"login required"}"#)
            for name in ["huge", "slow", "moved", "down"] { try await Channels.publish(sim, name, Channels.feed([])) }
            try await Channels.behave(sim, "huge", #"{"hugeBytes": 52428800}"#)
            try await Channels.behave(sim, "slow", #"{"delayMs": 9000}"#)
            try await Channels.behave(sim, "moved", #"{"redirectTo": "http://169.254.169.254/latest/meta-data/"}"#)
            try await Channels.behave(sim, "down", #"{"failStatus": 503}"#)
            try await withHostileServer { hostile in
                let cases: [(String, String)] = [
                    ("ftp://example.com/cal.ics", "must be the channel's"),
                    ("http://user:pw@example.com/cal.ics", "must be the channel's"),
                    ("https://example.com/my cal.ics", "must be the channel's"),
                    ("https://example.com/cal.ics\r\nX-Injected: y", "must be the channel's"),
                    ("https://example.com/100%.ics", "must be the channel's"),
                    ("https://example.com:99999/cal.ics", "must be the channel's"),
                    ("https://example.com:0/cal.ics", "must be the channel's"),
                    ("\(feeds)/missing.ics", "answered 404"),
                    ("\(feeds)/garbage.ics", "not a usable iCalendar"),
                    ("\(feeds)/huge.ics", "could not be used"),
                    ("\(feeds)/slow.ics", "did not answer in time"),
                    ("\(feeds)/moved.ics", "redirect"),
                    ("\(feeds)/down.ics", "answered 503"),
                    ("\(hostile.baseURL)/leak/cal.ics", "answered 500")
                ]
                for (url, reason) in cases {
                    let response = try await server.send(
                        .POST, "/couches/\(home.couchId)/calendars", json: ["url": url], token: home.host.accessToken)
                    let problem = try response.problem(.unprocessableEntity)
                    let text = (problem["errors"] as? [[String: Any]])?.first?["reason"] as? String ?? ""
                    #expect(text.contains(reason) && !text.contains("hunter2") && !text.contains("169.254"), "\(url): \(text)")
                }
            }
            #expect(try await server.count("calendar_feeds") == 0)
        }
        try await TestServer.with({ $0.egress = EgressPolicy() }) { server in
            let host = try await server.register("Host")
            let couch = try await server.createCouch(by: host)
            let response = try await server.send(
                .POST, "/couches/\(couch)/calendars", json: ["url": "http://127.0.0.1:5432/cal.ics"], token: host.accessToken)
            let problem = try response.problem(.unprocessableEntity)
            #expect((problem["detail"] as? String)?.contains("not allowed") == true, "\(problem)")
        }
    }

    /// A path segment long enough to be masked, cut at its fourth character: an escape (`%20`)
    /// is one character, not three to cut inside of.
    @Test func aFeedWhoseAddressHasEscapesIsAddedAndShownMasked() async throws {
        try await TestServer.withHome { server, home in
            try await Channels.publish(home.simulator, "My%20Calendar", Channels.feed([("s-1", server.date(3), server.date(5), "Reserved")]))
            let url = home.simulator.baseURL.absoluteString + "/_sim/calendars/My%20Calendar.ics"
            let added = try await server.send(.POST, "/couches/\(home.couchId)/calendars", json: ["url": url], token: home.host.accessToken)
            #expect(added.status == .created, "\(added.text)")
            #expect((try added.json["url"] as? String)?.hasSuffix("/_sim/calendars/My%20C****") == true, "\(added.text)")
            #expect(try await server.send(.GET, "/couches/\(home.couchId)/calendars", token: home.host.accessToken).status == .ok)
        }
    }

    @Test func aFeedThatStartsFailingKeepsItsLastGoodData() async throws {
        try await TestServer.withHome(Channels.quickFeeds) { server, home in
            let sim = home.simulator
            let blocked = ("b-1", server.date(5), server.date(8), "CLOSED - Not available")
            try await Channels.publish(
                sim, "booking",
                Channels.feed([("b-0", server.date(-6), server.date(-3), "Reserved"), blocked, ("b-2", server.date(9), server.date(12), "Reserved")]))
            try await Channels.behave(sim, "booking", #"{"validator": "last-modified"}"#)
            let url = sim.baseURL.absoluteString + "/_sim/calendars/booking.ics?t=TOKEN123"
            let added = try await server.send(
                .POST, "/couches/\(home.couchId)/calendars", json: ["url": url, "name": "Booking.com"], token: home.host.accessToken)
            let feedId = try #require(try added.json["id"] as? String, "\(added.text)")
            let syncAnswer = { try await server.send(.POST, "/couches/\(home.couchId)/calendars/\(feedId)/sync", token: home.host.accessToken) }
            let sync = { try await syncAnswer().json }

            // Last-Modified is a validator too: an unchanged feed rewrites nothing.
            let versions = "SELECT string_agg(xmin::text, ',' ORDER BY uid) FROM channel_events"
            let written = try await server.scalar(versions)
            #expect(try await syncAnswer().decoded(as: Schemas.Calendar.self).lastError == nil)
            #expect(try await server.scalar(versions) == written)

            for (behaviour, reason) in [
                (#"{"failStatus": 503}"#, "answered 503"), (#"{"failStatus": 429}"#, "answered 429"),
                (#"{"delayMs": 9000}"#, "did not answer in time"), (#"{"hugeBytes": 52428800}"#, "could not be used")
            ] {
                try await Channels.behave(sim, "booking", behaviour)
                let failed = try await sync()
                #expect((failed["lastError"] as? String)?.contains(reason) == true, "\(behaviour): \(failed)")
                #expect(failed["stays"] as? Int == 2 && failed["blocks"] as? Int == 1, "\(behaviour): \(failed)")
                #expect((failed["lastError"] as? String)?.contains("TOKEN123") == false)
            }
            #expect(try await server.count("occupancies", where: "source = 'import'") == 3)

            try await sim.control("DELETE", "/calendars/booking/behaviour")
            let recovered = try await syncAnswer().decoded(as: Schemas.Calendar.self)
            #expect(recovered.lastError == nil && recovered.stays == 2, "\(recovered)")

            // A past stay that drops out of the feed is history; a stay ahead that drops out was cancelled.
            try await Channels.publish(sim, "booking", Channels.feed([blocked]))
            #expect(try await sync()["stays"] as? Int == 1)
            let listed = try await server.send(.GET, "/reservations/\(home.couchId)", token: home.host.accessToken).jsonArray
            #expect(listed.compactMap { ($0["channel"] as? [String: Any])?["uid"] as? String } == ["b-0"])
        }
    }

    @Test func bookingsAndAnImportRacingForTheSameNightsLeaveOneOccupancy() async throws {
        try await TestServer.withHome { server, home in
            let sim = home.simulator
            try await Channels.publish(sim, "race", Channels.feed([]))
            let url = sim.baseURL.absoluteString + "/_sim/calendars/race.ics"
            let added = try await server.send(.POST, "/couches/\(home.couchId)/calendars", json: ["url": url], token: home.host.accessToken)
            let feedId = try #require(try added.json["id"] as? String, "\(added.text)")
            try await Channels.publish(sim, "race", Channels.feed([("race-1", server.date(40), server.date(44), "Reserved")]))
            var guests: [Account] = []
            for index in 0..<5 { guests.append(try await server.register("Guest \(index)")) }

            // The client keeps 8 connections to a server: more bookings would queue, not race, and on
            // a loaded machine the last of a long queue outwaits an ordinary request's deadline.
            let statuses = try await withThrowingTaskGroup(of: (String, UInt).self) { group in
                for attempt in 0..<15 {
                    let guest = guests[attempt % guests.count]
                    group.addTask {
                        let body = TestServer.reservationBody(home.couchId, server.date(41), server.date(43))
                        return (
                            "book",
                            try await server.send(.POST, "/reservations", json: body, token: guest.accessToken, timeout: .seconds(120)).status.code
                        )
                    }
                }
                group.addTask {
                    (
                        "sync",
                        try await server.send(
                            .POST, "/couches/\(home.couchId)/calendars/\(feedId)/sync", token: home.host.accessToken, timeout: .seconds(120)
                        ).status.code
                    )
                }
                return try await group.reduce(into: [(String, UInt)]()) { $0.append($1) }
            }
            let booked = statuses.filter { $0 == ("book", 201) }.count
            #expect(statuses.contains { $0 == ("sync", 200) }, "\(statuses)")
            #expect(statuses.allSatisfy { $0.1 == 200 || $0.1 == 201 || $0.1 == 409 }, "\(statuses)")
            #expect(booked <= 1)
            // Every night is held once: by the import alone, or by the booking and the import's nights around it.
            let occupied = "couch_id = '\(home.couchId)' AND stay && daterange('\(server.date(40))', '\(server.date(44))')"
            #expect(try await server.scalar("SELECT sum(upper(stay) - lower(stay))::text FROM occupancies WHERE \(occupied)") == "4")
            #expect(try await server.count("occupancies", where: occupied + " AND source = 'import'") == 1 + booked)
            let conflicts =
                try await server.send(.GET, "/couches/\(home.couchId)/conflicts", token: home.host.accessToken).json["items"] as? [[String: Any]]
            #expect(conflicts?.count == booked)
        }
    }
}
