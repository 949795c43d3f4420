import Foundation
import SmartCouchDomain
import TestSupport
import Testing

/// Random channel feeds edited at random (events added, dropped, moved, grown, shrunk) beside
/// bookings, blocks and a turnover that changes, a sync after each step. After every step: no
/// night is held twice and every night a channel sold is taken; an edited event kept every night
/// it held and still covers; each imported event has one answer to whether it is in conflict in
/// the conflicts, the host's list, the feed's counts and the door codes; and in the export it
/// keeps its UID, its SEQUENCE and DTSTAMP growing exactly when its dates changed.
@Suite struct ChannelNightPropertyTests {
    struct Event {
        var uid: String
        var from: Int
        var to: Int
        var summary: String
    }

    struct Seen {
        var uid: String
        var sequence: Int
        var stamp: String
        var from: Int
        var to: Int
    }

    static let feedNames = ["airbnb", "booking"]

    @Test(arguments: [5, 19, 71] as [UInt64])
    func channelNightsStayRightThroughRandomEdits(_ seed: UInt64) async throws {
        try await TestServer.withHome { server, home in
            var random = SplitMix64(seed: seed)
            let guest = try await server.register("Guest")
            var feeds: [String: [Event]] = [:]
            var ids: [String: String] = [:]
            for name in Self.feedNames {
                feeds[name] = []
                ids[name] = try await Channels.addFeed(server, home, name, [])
            }
            var bookings: [String] = []
            var blocks: [String] = []
            var held: [String: Set<Int>] = [:]
            var exported: [String: Seen] = [:]
            for step in 0..<14 {
                var edited: [String: (from: Int, to: Int)] = [:]
                let context = "seed \(seed) step \(step)"
                switch random.next(below: 7) {
                case 0:
                    let turnover = random.next(below: 3)
                    try await server.send(.PUT, "/couches/\(home.couchId)/rules", json: ["turnoverDays": turnover], token: home.host.accessToken)
                        .expect(.ok)
                case 1:
                    if random.next(below: 2) == 0, let id = bookings.popLast() {
                        try await server.send(.POST, "/reservations/\(id)/cancel", token: guest.accessToken).expect(.ok)
                    } else {
                        let from = 1 + random.next(below: 25)
                        let response = try await server.reserve(guest, home.couchId, from: from, to: from + 1 + random.next(below: 4))
                        #expect([201, 409].contains(response.status.code), "\(context): \(response.text)")
                        if response.status == .created, let id = try response.json["id"] as? String { bookings.append(id) }
                    }
                case 2:
                    if random.next(below: 2) == 0, let id = blocks.popLast() {
                        try await server.send(.DELETE, "/couches/\(home.couchId)/blocks/\(id)", token: home.host.accessToken).expect(.noContent)
                    } else {
                        let from = 1 + random.next(below: 25)
                        let response = try await server.send(
                            .POST, "/couches/\(home.couchId)/blocks",
                            json: ["from": server.date(from), "to": server.date(from + 1 + random.next(below: 3))],
                            token: home.host.accessToken)
                        if response.status == .created, let id = try response.json["id"] as? String { blocks.append(id) }
                    }
                default:
                    let name = Self.feedNames[random.next(below: 2)]
                    var events = feeds[name] ?? []
                    switch random.next(below: 4) {
                    case 0 where !events.isEmpty:
                        events.remove(at: random.next(below: events.count))
                    case 1 where !events.isEmpty, 2 where !events.isEmpty:
                        // Moved, grown or shrunk at either end, by its channel.
                        let index = random.next(below: events.count)
                        var event = events[index]
                        event.from += random.next(below: 5) - 2
                        event.to += random.next(below: 5) - 2
                        if event.to <= event.from { event.to = event.from + 1 }
                        event.from = max(1, event.from)
                        event.to = max(event.from + 1, event.to)
                        events[index] = event
                        edited["\(name)/\(event.uid)"] = (event.from, event.to)
                    default:
                        let from = 1 + random.next(below: 25)
                        events.append(
                            Event(
                                uid: "\(name)-\(step)", from: from, to: from + 1 + random.next(below: 5),
                                summary: random.next(below: 4) == 0 ? "Airbnb (Not available)" : "Reserved"))
                    }
                    feeds[name] = events
                    try await Channels.publish(
                        home.simulator, name,
                        Channels.feed(
                            events.map {
                                ($0.uid, server.date($0.from), server.date($0.to), $0.summary)
                            }))
                }
                for name in Self.feedNames {
                    try await server.send(.POST, "/couches/\(home.couchId)/calendars/\(ids[name] ?? "")/sync", token: home.host.accessToken).expect(
                        .ok)
                }

                let twice = try await server.scalar(
                    """
                    SELECT count(*)::text FROM occupancies a JOIN occupancies b ON a.couch_id = b.couch_id AND a.id < b.id AND a.stay && b.stay
                    WHERE a.couch_id = '\(home.couchId)'
                    """)
                #expect(twice == "0", "\(context): a night held twice")
                let untaken = try await server.scalar(
                    """
                    SELECT string_agg(e.uid, ' ') FROM channel_events e
                    WHERE e.couch_id = '\(home.couchId)'
                      AND NOT datemultirange(e.stay) <@ (SELECT coalesce(range_agg(o.stay), '{}') FROM occupancies o WHERE o.couch_id = e.couch_id)
                    """)
                #expect(untaken == nil, "\(context): nights a channel sold are free here: \(untaken ?? "")")

                let conflicts = try await Channels.conflictsByUID(server, home)
                let stays = try await Channels.imported(server, home)
                let calendars =
                    try await server.send(.GET, "/couches/\(home.couchId)/calendars", token: home.host.accessToken).json["items"] as? [[String: Any]]
                    ?? []
                var nowHeld: [String: Set<Int>] = [:]
                for (name, events) in feeds {
                    var inConflict = 0
                    for event in events {
                        let key = "\(name)/\(event.uid)"
                        let conflict = conflicts[event.uid]
                        if conflict != nil { inConflict += 1 }
                        let lacking = Self.days(server, conflict?["nights"] as? [[String: String]] ?? [])
                        nowHeld[key] = Set(event.from..<event.to).subtracting(lacking)
                        if let (from, to) = edited[key] {
                            let kept = (held[key] ?? []).filter { (from..<to).contains($0) }
                            #expect(
                                kept.isSubset(of: nowHeld[key] ?? []),
                                "\(context): \(key) lost nights it held and still covers: \(kept.sorted()) → \(nowHeld[key]?.sorted() ?? [])")
                        }
                        if event.summary == "Reserved" {
                            let stay = stays[event.uid]
                            #expect(
                                stay?["status"] as? String == (conflict == nil ? "confirmed" : "conflict"),
                                "\(context): \(key) \(stay ?? [:]) \(conflict ?? [:])")
                            #expect(try await Channels.letsIn(server, stay) == (conflict == nil), "\(context): \(key)'s door code")
                        }
                    }
                    let counts = calendars.first { $0["name"] as? String == name }
                    let counted = [counts?["stays"], counts?["blocks"], counts?["conflicts"]].compactMap { $0 as? Int }
                    #expect(
                        counted.reduce(0, +) == events.count && counts?["conflicts"] as? Int == inConflict, "\(context): \(name) counts \(counted)")
                }
                held = nowHeld

                // The export, each channel's events seen without the other's; an event of the same
                // dates as something else is not told apart, and left out of the comparison.
                for name in Self.feedNames {
                    let other = Self.feedNames.first { $0 != name } ?? ""
                    let file = try ICalendarFile(
                        try await server.send(.GET, "/couches/\(home.couchId)/calendar.ics?exclude=\(ids[other] ?? "")").body)
                    let byDates = Dictionary(grouping: file.events) { "\($0["DTSTART;VALUE=DATE"] ?? "")/\($0["DTEND;VALUE=DATE"] ?? "")" }
                    for event in feeds[name] ?? [] {
                        let key = "\(name)/\(event.uid)"
                        let dates =
                            "\(server.date(event.from).replacingOccurrences(of: "-", with: ""))/\(server.date(event.to).replacingOccurrences(of: "-", with: ""))"
                        let found = byDates[dates] ?? []
                        #expect(!found.isEmpty, "\(context): \(key) is not exported")
                        guard found.count == 1, let vevent = found.first else {
                            exported[key] = nil
                            continue
                        }
                        let seen = Seen(
                            uid: vevent["UID"] ?? "", sequence: Int(vevent["SEQUENCE"] ?? "") ?? -1, stamp: vevent["DTSTAMP"] ?? "",
                            from: event.from, to: event.to)
                        if let before = exported[key] {
                            #expect(seen.uid == before.uid, "\(context): \(key)'s UID changed")
                            if (before.from, before.to) == (event.from, event.to) {
                                #expect(
                                    seen.sequence == before.sequence && seen.stamp == before.stamp,
                                    "\(context): \(key) unchanged, yet \(before) → \(seen)")
                            } else {
                                #expect(
                                    seen.sequence == before.sequence + 1 && seen.stamp > before.stamp, "\(context): \(key) moved: \(before) → \(seen)"
                                )
                            }
                        }
                        exported[key] = seen
                    }
                }
            }
        }
    }

    /// The days of runs of nights as the API gives them, counted from today as the test's dates are.
    static func days(_ server: TestServer, _ runs: [[String: String]]) -> Set<Int> {
        var days: Set<Int> = []
        for run in runs {
            guard let from = run["checkIn"], let to = run["checkOut"] else { continue }
            for day in 0..<60 where server.date(day) >= from && server.date(day) < to { days.insert(day) }
        }
        return days
    }
}
