import Foundation
import TestSupport
import Testing

@testable import SmartCouchHTTP
@testable import SmartCouchServices

/// Calendar feeds served by the tests themselves: one host's slow feeds take no more than their
/// share of a sync, a couch imports each URL once and a bounded number of feeds, and what a feed
/// carries (NUL bytes, long secret-laden URLs) fails nothing.
@Suite struct HostileFeedTests {
    static func add(_ server: TestServer, _ couch: UUID, _ owner: Account, _ url: String) async throws -> TestResponse {
        try await server.send(.POST, "/couches/\(couch)/calendars", json: ["url": url], token: owner.accessToken)
    }

    @Test func aHostsHangingFeedsTakeTheirShareOfASyncAndBackOff() async throws {
        try await TestServer.with({
            TestServer.operators(&$0)
            // Short, so that the hanging feeds give up soon, but room enough for the proof fetch of
            // each feed added on a machine busy with the whole suite.
            $0.calendars.timeout = .seconds(4)
            $0.calendars.concurrency = 4
            $0.calendars.concurrencyPerHost = 2
        }) { server in
            try await withHostileServer { hostile in
                let greedy = try await server.register("Greedy Host")
                let other = try await server.register("Other Host")
                let greedyCouch = try await server.createCouch(by: greedy)
                let otherCouch = try await server.createCouch(by: other)
                for index in 0..<4 {
                    let added = try await Self.add(server, greedyCouch, greedy, "\(hostile.baseURL)/calendar-then-hang/greedy/\(index).ics")
                    #expect(added.status == .created, "\(added.text)")
                }
                #expect(try await Self.add(server, otherCouch, other, "\(hostile.baseURL)/calendar/other.ics").status == .created)
                let before = await hostile.seen().count

                let run = try await server.runJob("calendar-sync")
                #expect((run["summary"] as? [String: Any])?["feeds"] as? Int == 5, "\(run)")
                let seen = await hostile.seen().dropFirst(before)
                let fetched = seen.map(\.path)
                // The other host's feed is in the first round, not behind the greedy host's four.
                let otherTurn = try #require(fetched.firstIndex { $0.hasPrefix("/calendar/") }, "\(fetched)")
                #expect(otherTurn < 3, "\(fetched)")
                // The greedy host's third fetch waited for one of its first two to give up.
                let greedyFetches = seen.filter { $0.path.hasPrefix("/calendar-then-hang/") }.map(\.at)
                #expect(greedyFetches.count == 4)
                if greedyFetches.count == 4 { #expect(greedyFetches[2] - greedyFetches[0] >= .seconds(1.5), "\(greedyFetches)") }
                let feeds =
                    try await server.send(.GET, "/couches/\(greedyCouch)/calendars", token: greedy.accessToken).json["items"] as? [[String: Any]]
                    ?? []
                #expect(feeds.allSatisfy { ($0["lastError"] as? String)?.contains("did not answer in time") == true }, "\(feeds)")

                // Failing twice in a row, they wait before the next try; the other host's feed does not.
                _ = try await server.runJob("calendar-sync")
                let third = try await server.runJob("calendar-sync")
                #expect((third["summary"] as? [String: Any])?["feeds"] as? Int == 1, "\(third)")
            }
        }
    }

    @Test func aCouchImportsEachURLOnceAndAtMostTenFeeds() async throws {
        try await TestServer.with { server in
            try await withHostileServer { hostile in
                let host = try await server.register("Host")
                let couch = try await server.createCouch(by: host)
                let first = try await Self.add(server, couch, host, "\(hostile.baseURL)/calendar/a.ics?s=one")
                let firstId = try #require(try first.json["id"] as? String)
                // The same link, however its host is spelled.
                let again = try await Self.add(
                    server, couch, host, "\(hostile.baseURL)/calendar/a.ics?s=one".replacingOccurrences(of: "http://", with: "HTTP://"))
                let problem = try again.problem(.conflict)
                #expect((problem["detail"] as? String)?.contains(firstId) == true, "\(problem)")
                // However it is spelled.
                for spelling in ["a.ics?s=one#frag", "%61.ics?s=one", "a.ics?s=%6Fne"] {
                    try await Self.add(server, couch, host, "\(hostile.baseURL)/calendar/\(spelling)").problem(.conflict)
                }
                let plain = try await Self.add(server, couch, host, "\(hostile.baseURL)/calendar/plain.ics")
                #expect(plain.status == .created)
                try await Self.add(server, couch, host, "\(hostile.baseURL)/calendar/plain.ics?").problem(.conflict)
                #expect(
                    try await server.send(
                        .DELETE, "/couches/\(couch)/calendars/\(try #require(try plain.json["id"] as? String))",
                        token: host.accessToken
                    ).status == .noContent)
                // Another couch may import it.
                let second = try await server.createCouch(by: host)
                #expect(try await Self.add(server, second, host, "\(hostile.baseURL)/calendar/a.ics?s=one").status == .created)

                for index in 1..<10 {
                    #expect(try await Self.add(server, couch, host, "\(hostile.baseURL)/calendar/\(index).ics").status == .created)
                }
                try await Self.add(server, couch, host, "\(hostile.baseURL)/calendar/eleventh.ics").problem(.conflict)
                #expect((try await server.send(.GET, "/couches/\(couch)/calendars", token: host.accessToken).json["items"] as? [Any])?.count == 10)
            }
        }
    }

    @Test func nulCharactersInAFeedAreDroppedAndAFailedAddLeavesNothing() async throws {
        try await TestServer.withHome { server, home in
            let nul = "\u{0}"
            let text = Channels.feed([("stay-\(nul)1", server.date(10), server.date(12), "Reserved\(nul)")])
                .replacingOccurrences(of: "END:VEVENT", with: "DESCRIPTION:Guests: 2\(nul)\r\nEND:VEVENT")
            try await Channels.publish(home.simulator, "nul", text)
            let added = try await server.send(
                .POST, "/couches/\(home.couchId)/calendars",
                json: ["url": home.simulator.baseURL.absoluteString + "/_sim/calendars/nul.ics"], token: home.host.accessToken)
            #expect(added.status == .created, "\(added.text)")
            let feedId = try #require(try added.json["id"] as? String)
            #expect(try await server.send(.POST, "/couches/\(home.couchId)/calendars/\(feedId)/sync", token: home.host.accessToken).status == .ok)
            let stays = try await server.send(.GET, "/reservations/\(home.couchId)", token: home.host.accessToken).jsonArray
            #expect((stays.first?["channel"] as? [String: Any])?["uid"] as? String == "stay-1", "\(stays)")

            // A feed that cannot be read is refused, and no feed row is left behind.
            try await Channels.publish(home.simulator, "broken", "BEGIN:VCALENDAR\r\n")
            _ = try await server.send(
                .POST, "/couches/\(home.couchId)/calendars",
                json: ["url": home.simulator.baseURL.absoluteString + "/_sim/calendars/broken.ics"], token: home.host.accessToken
            )
            .problem(.unprocessableEntity)
            #expect(try await server.count("calendar_feeds") == 1)
        }
    }

    @Test func secretLookingPartsOfAFeedURLAreMaskedHoweverLong() async throws {
        try await TestServer.with { server in
            try await withHostileServer { hostile in
                let host = try await server.register("Host")
                let couch = try await server.createCouch(by: host)
                let keys = (0..<300).map { "k\($0)" }.joined(separator: "&")
                for (url, secrets) in [
                    ("\(hostile.baseURL)/calendar/a.ics?\(keys)", ["k299"]),
                    ("\(hostile.baseURL)/calendar/b.ics?SECRETKEYONLY", ["SECRETKEYONLY"]),
                    ("\(hostile.baseURL)/calendar/c.ics#SECRETFRAGMENT", ["SECRETFRAGMENT"]),
                    ("\(hostile.baseURL)/calendar/8f2c1e0a9b7d4e11/d.ics", ["8f2c1e0a9b7d4e11"])
                ] {
                    let added = try await Self.add(server, couch, host, url)
                    #expect(added.status == .created, "\(added.text)")
                    let shown = try #require(try added.json["url"] as? String)
                    #expect(shown.count <= 300 && secrets.allSatisfy { !shown.contains($0) }, "\(shown)")
                }
            }
        }
    }
}
