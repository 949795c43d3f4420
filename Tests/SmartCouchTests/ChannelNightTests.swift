import Foundation
import SmartCouchDomain
import TestSupport
import Testing

/// Every night a channel holds is held here: an imported event that overlaps something else holds
/// the rest of its nights, and takes the others the moment they come free.
@Suite struct ChannelNightTests {

    @Test func twoChannelsOverlappingInPartHoldEveryNightBetweenThem() async throws {
        try await TestServer.withHome { server, home in
            let guest = try await server.register("Guest")
            _ = try await Channels.addFeed(server, home, "airbnb", [("a-1", 5, 10, "Reserved")])
            _ = try await Channels.addFeed(server, home, "booking", [("b-1", 8, 13, "CLOSED - Not available")])
            let taken = try await Channels.taken(server, home)
            #expect((5..<13).allSatisfy { taken.contains(server.date($0)) }, "\(taken.sorted())")
            try await server.reserve(guest, home.couchId, from: 11, to: 12).problem(.conflict)
            #expect(try await server.search("checkIn=\(server.date(11))&checkOut=\(server.date(12))").contains(home.couchId) == false)

            let conflicts = try await Channels.conflicts(server, home)
            #expect(conflicts.count == 1, "\(conflicts)")
            let nights = conflicts.first?["nights"] as? [[String: String]]
            #expect(nights == [["checkIn": server.date(8), "checkOut": server.date(10)]], "\(conflicts)")
            #expect((conflicts.first?["imported"] as? [String: Any])?["uid"] as? String == "b-1")
            #expect((conflicts.first?["heldBy"] as? [String: Any])?["source"] as? String == "import")
        }
    }

    @Test func anImportHoldsTheNightsABookingOrABlockLeavesAndTakesTheRestWhenTheyGo() async throws {
        try await TestServer.withHome { server, home in
            let guest = try await server.register("Guest")
            let booking = try await server.book(guest, home.couchId, from: 5, to: 7).uuidString.lowercased()
            let block =
                try await server.send(
                    .POST, "/couches/\(home.couchId)/blocks", json: ["from": server.date(14), "to": server.date(15)],
                    token: home.host.accessToken
                ).json["id"] as? String
            _ = try await Channels.addFeed(server, home, "airbnb", [("a-1", 5, 8, "Reserved"), ("a-2", 14, 16, "Reserved")])
            try await server.reserve(guest, home.couchId, from: 7, to: 8).problem(.conflict)
            try await server.reserve(guest, home.couchId, from: 15, to: 16).problem(.conflict)
            #expect(try await Channels.conflicts(server, home).count == 2)

            // The booking is cancelled and the block removed: the imports take those nights at once.
            #expect(try await server.send(.POST, "/reservations/\(booking)/cancel", token: guest.accessToken).status == .ok)
            #expect(
                try await server.send(.DELETE, "/couches/\(home.couchId)/blocks/\(try #require(block))", token: home.host.accessToken).status
                    == .noContent)
            #expect(try await Channels.conflicts(server, home).isEmpty)
            try await server.reserve(guest, home.couchId, from: 5, to: 6).problem(.conflict)
            try await server.reserve(guest, home.couchId, from: 14, to: 15).problem(.conflict)
            let listed = try await server.send(.GET, "/reservations/\(home.couchId)?status=confirmed", token: home.host.accessToken).jsonArray
            #expect(listed.filter { $0["source"] as? String == "import" }.count == 2, "\(listed)")
        }
    }

    @Test func theExportNamesAnImportedStayTheSameWhateverItsDatesAndCallsItBooked() async throws {
        try await TestServer.withHome { server, home in
            let feedId = try await Channels.addFeed(server, home, "airbnb", [("a-1", 5, 8, "Reserved")])
            let uid = { (text: String) in text.split(separator: "\r\n").first { $0.hasPrefix("UID:") }.map(String.init) }
            let before = try await server.send(.GET, "/couches/\(home.couchId)/calendar.ics").text
            #expect(before.contains("SUMMARY:Booked"), "\(before)")
            try await Channels.publish(
                home.simulator, "airbnb", Channels.feed([("a-1", server.date(6), server.date(9), "Reserved")]))
            #expect(try await server.send(.POST, "/couches/\(home.couchId)/calendars/\(feedId)/sync", token: home.host.accessToken).status == .ok)
            let after = try await server.send(.GET, "/couches/\(home.couchId)/calendar.ics").text
            #expect(after.contains("DTSTART;VALUE=DATE:\(server.date(6).replacingOccurrences(of: "-", with: ""))"), "\(after)")
            #expect(uid(before) != nil && uid(before) == uid(after), "\(before)\n\(after)")
        }
    }

    @Test func aBlockOfMoreThanAYearAndARepeatedUIDHoldTheirNights() async throws {
        try await TestServer.withHome { server, home in
            let guest = try await server.register("Guest")
            _ = try await Channels.addFeed(
                server, home, "long", [("l-1", 5, 405, "Airbnb (Not available)"), ("d-1", 410, 412, "Reserved"), ("d-1", 420, 424, "Reserved")])
            try await server.reserve(guest, home.couchId, from: 200, to: 202).problem(.conflict)
            try await server.reserve(guest, home.couchId, from: 421, to: 423).problem(.conflict)
            #expect(try await Channels.conflicts(server, home).isEmpty)
        }
    }

    @Test func anImportThatTakesItsNightsBackIsOneEventInTheExportUnderItsOwnUID() async throws {
        try await TestServer.withHome { server, home in
            let guest = try await server.register("Guest")
            let booking = try await server.book(guest, home.couchId, from: 13, to: 18).uuidString.lowercased()
            _ = try await Channels.addFeed(server, home, "airbnb", [("s-1", 10, 15, "Reserved"), ("s-2", 30, 32, "Reserved")])
            let events = { (text: String) in text.components(separatedBy: "BEGIN:VEVENT").dropFirst() }
            #expect(
                events(try await server.send(.GET, "/couches/\(home.couchId)/calendar.ics").text).count == 3,
                "the booking, s-1's nights before it, s-2")
            #expect(try await server.send(.POST, "/reservations/\(booking)/cancel", token: guest.accessToken).status == .ok)
            let after = events(try await server.send(.GET, "/couches/\(home.couchId)/calendar.ics").text)
            #expect(after.count == 2, "\(after)")
            let whole = try #require(after.first { $0.contains("DTSTART;VALUE=DATE:\(server.date(10).replacingOccurrences(of: "-", with: ""))") })
            #expect(whole.contains("DTEND;VALUE=DATE:\(server.date(15).replacingOccurrences(of: "-", with: ""))"), "\(whole)")
        }
    }

    @Test func theGuestCountOfAnAirbnbDescriptionIsRead() async throws {
        try await TestServer.withHome { server, home in
            let text = Channels.feed([("a-1", server.date(5), server.date(8), "Reserved")])
                .replacingOccurrences(
                    of: "END:VEVENT",
                    with:
                        #"DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMABC\nPhone Number (Last 4 Digits): 1234\nGuests: 3"#
                        + "\r\nEND:VEVENT")
            try await Channels.publish(home.simulator, "airbnb", text)
            #expect(
                try await server.send(
                    .POST, "/couches/\(home.couchId)/calendars",
                    json: ["url": home.simulator.baseURL.absoluteString + "/_sim/calendars/airbnb.ics"], token: home.host.accessToken
                ).status == .created)
            let listed = try await server.send(.GET, "/reservations/\(home.couchId)", token: home.host.accessToken).jsonArray
            #expect(listed.first?["guests"] as? Int == 3, "\(listed)")
        }
    }

    /// Random feeds, blocks and bookings on one couch, changed at random, a sync after each change:
    /// no night is held twice, and every night a channel's event holds in its feed is taken here.
    @Test(arguments: [11, 29, 47])
    func randomOverlappingFeedsBlocksAndBookingsLeaveNoChannelNightFree(_ seed: UInt64) async throws {
        try await TestServer.withHome { server, home in
            var random = SplitMix64(seed: seed)
            let guest = try await server.register("Guest")
            var feeds: [String: [(uid: String, from: Int, to: Int, summary: String)]] = ["airbnb": [], "booking": []]
            var ids: [String: String] = [:]
            for name in feeds.keys.sorted() { ids[name] = try await Channels.addFeed(server, home, name, []) }
            var bookings: [String] = []
            var blocks: [String] = []
            for step in 0..<12 {
                switch random.next(below: 5) {
                case 0:
                    if let id = bookings.popLast() { _ = try await server.send(.POST, "/reservations/\(id)/cancel", token: guest.accessToken) }
                case 1:
                    let from = 1 + random.next(below: 25)
                    let response = try await server.reserve(guest, home.couchId, from: from, to: from + 1 + random.next(below: 4))
                    if response.status == .created, let id = try response.json["id"] as? String { bookings.append(id) }
                case 2:
                    let from = 1 + random.next(below: 25)
                    let response = try await server.send(
                        .POST, "/couches/\(home.couchId)/blocks",
                        json: ["from": server.date(from), "to": server.date(from + 1 + random.next(below: 3))], token: home.host.accessToken)
                    if response.status == .created, let id = try response.json["id"] as? String { blocks.append(id) }
                    if random.next(below: 2) == 0, let id = blocks.first {
                        _ = try await server.send(.DELETE, "/couches/\(home.couchId)/blocks/\(id)", token: home.host.accessToken)
                        blocks.removeFirst()
                    }
                default:
                    let name = random.next(below: 2) == 0 ? "airbnb" : "booking"
                    var events = feeds[name] ?? []
                    if !events.isEmpty, random.next(below: 3) == 0 { events.remove(at: random.next(below: events.count)) }
                    let from = 1 + random.next(below: 25)
                    events.append(
                        ("\(name)-\(step)", from, from + 1 + random.next(below: 5), name == "airbnb" ? "Reserved" : "CLOSED - Not available"))
                    if random.next(below: 3) == 0, let first = events.first {
                        events[0] = (first.uid, first.from + 1, first.to + 1, first.summary)
                    }
                    feeds[name] = events
                    try await Channels.publish(
                        home.simulator, name, Channels.feed(events.map { ($0.uid, server.date($0.from), server.date($0.to), $0.summary) }))
                }
                for name in feeds.keys.sorted() {
                    let synced = try await server.send(
                        .POST, "/couches/\(home.couchId)/calendars/\(ids[name] ?? "")/sync", token: home.host.accessToken)
                    #expect(synced.status == .ok, "seed \(seed) step \(step): \(synced.text)")
                }
                let twice = try await server.scalar(
                    """
                    SELECT count(*)::text FROM occupancies a JOIN occupancies b ON a.couch_id = b.couch_id AND a.id < b.id AND a.stay && b.stay
                    WHERE a.couch_id = '\(home.couchId)'
                    """)
                #expect(twice == "0", "seed \(seed) step \(step): a night held twice")
                let taken = try await Channels.taken(server, home, through: 40)
                for event in feeds.values.joined() {
                    let free = (event.from..<event.to).map { server.date($0) }.filter { !taken.contains($0) }
                    #expect(free.isEmpty, "seed \(seed) step \(step): \(event.uid) holds \(free) in its channel, free here")
                }
            }
        }
    }
}
