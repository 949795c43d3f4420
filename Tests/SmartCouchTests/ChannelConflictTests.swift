import Foundation
import TestSupport
import Testing

/// Which imported event holds a night two of them want, and one answer to whether it is in
/// conflict: the conflicts, the host's list, the calendar's counts and the door codes agree.
@Suite struct ChannelConflictTests {

    static func runs(_ server: TestServer, _ runs: [(Int, Int)]) -> [[String: String]] {
        runs.map { ["checkIn": server.date($0.0), "checkOut": server.date($0.1)] }
    }

    @Test func aStayItsChannelExtendsKeepsTheSharedNightItHeld() async throws {
        try await TestServer.withHome { server, home in
            _ = try await Channels.addFeed(server, home, "a", [("x@a", 20, 23, "Reserved")])
            _ = try await Channels.addFeed(server, home, "b", [("y@b", 17, 21, "Reserved")])
            #expect(try await Channels.conflictsByUID(server, home)["y@b"]?["nights"] as? [[String: String]] == Self.runs(server, [(20, 21)]))

            try await Channels.publish(home.simulator, "a", Channels.feed([("x@a", server.date(20), server.date(24), "Reserved")]))
            let feeds =
                try await server.send(.GET, "/couches/\(home.couchId)/calendars", token: home.host.accessToken).json["items"] as? [[String: Any]]
            let a = try #require(feeds?.first { $0["name"] as? String == "a" }?["id"] as? String)
            try await server.send(.POST, "/couches/\(home.couchId)/calendars/\(a)/sync", token: home.host.accessToken).expect(.ok)
            let conflicts = try await Channels.conflictsByUID(server, home)
            #expect(Set(conflicts.keys) == ["y@b"], "the extended stay still holds the night it held: \(conflicts)")
            #expect(conflicts["y@b"]?["nights"] as? [[String: String]] == Self.runs(server, [(20, 21)]), "\(conflicts)")
            var stays = try await Channels.imported(server, home)
            #expect(stays["x@a"]?["status"] as? String == "confirmed" && stays["y@b"]?["status"] as? String == "conflict", "\(stays)")
            #expect(try await Channels.letsIn(server, stays["x@a"]), "the Airbnb guest keeps their door code")
            #expect(try await Channels.letsIn(server, stays["y@b"]) == false)

            // Moved off the shared night, it lets it go, and the other channel's stay takes it.
            try await Channels.publish(home.simulator, "a", Channels.feed([("x@a", server.date(21), server.date(24), "Reserved")]))
            try await server.send(.POST, "/couches/\(home.couchId)/calendars/\(a)/sync", token: home.host.accessToken).expect(.ok)
            #expect(try await Channels.conflictsByUID(server, home).isEmpty)
            stays = try await Channels.imported(server, home)
            #expect(stays.values.allSatisfy { $0["status"] as? String == "confirmed" }, "\(stays)")
            #expect(try await Channels.letsIn(server, stays["y@b"]))
        }
    }

    /// Turnover days turned on apply to stays not over yet: a channel's stay that ended last week
    /// got none, and lacks none.
    @Test func turnoverTurnedOnMakesNoPastStayAConflict() async throws {
        try await TestServer.withHome { server, home in
            _ = try await Channels.addFeed(server, home, "past", [("gone@p", -9, -6, "Reserved"), ("soon@p", 6, 9, "Reserved")])
            try await server.send(.PUT, "/couches/\(home.couchId)/rules", json: ["turnoverDays": 1], token: home.host.accessToken).expect(.ok)
            #expect(try await Channels.conflictsByUID(server, home).isEmpty)
            let stays = try await Channels.imported(server, home)
            #expect(stays.count == 2 && stays.values.allSatisfy { $0["status"] as? String == "confirmed" }, "\(stays)")
        }
    }

    @Test func backToBackStaysCloserThanTheTurnoverHaveOneAnswerInEveryView() async throws {
        try await TestServer.withHome { server, home in
            try await server.send(.PUT, "/couches/\(home.couchId)/rules", json: ["turnoverDays": 1], token: home.host.accessToken).expect(.ok)
            let feed = try await Channels.addFeed(server, home, "t", [("x@t", 6, 9, "Reserved"), ("y@t", 9, 11, "Reserved")])

            // The earlier stay keeps its turnover day; the later one, which starts on it, is the conflict.
            let conflicts = try await Channels.conflictsByUID(server, home)
            #expect(Set(conflicts.keys) == ["y@t"], "\(conflicts)")
            #expect(conflicts["y@t"]?["nights"] as? [[String: String]] == Self.runs(server, [(9, 10)]), "\(conflicts)")
            #expect((conflicts["y@t"]?["heldBy"] as? [String: Any])?["source"] as? String == "turnover", "\(conflicts)")
            try await Self.expectOneAnswer(server, home, feed: feed, inConflict: "y@t", placed: "x@t")

            // Brought the other way round (the later stay first), the earlier one cannot have its
            // turnover: now it is the conflict, for that day, in every view alike.
            try await server.send(.DELETE, "/couches/\(home.couchId)/calendars/\(feed)", token: home.host.accessToken).expect(.noContent)
            let later = try await Channels.addFeed(server, home, "later", [("y@t", 9, 11, "Reserved")])
            let earlier = try await Channels.addFeed(server, home, "earlier", [("x@t", 6, 9, "Reserved")])
            let turned = try await Channels.conflictsByUID(server, home)
            #expect(Set(turned.keys) == ["x@t"], "\(turned)")
            #expect(turned["x@t"]?["nights"] as? [[String: String]] == [], "none of its own nights: \(turned)")
            #expect(turned["x@t"]?["turnoverNights"] as? [[String: String]] == Self.runs(server, [(9, 10)]), "\(turned)")
            try await Self.expectOneAnswer(server, home, feed: earlier, inConflict: "x@t", placed: nil)
            try await Self.expectOneAnswer(server, home, feed: later, inConflict: nil, placed: "y@t")
        }
    }

    /// The feed's counts, the host's list and the door codes say what the conflicts say.
    static func expectOneAnswer(
        _ server: TestServer, _ home: Home, feed: String, inConflict: String?, placed: String?, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let calendar =
            try await server.send(.GET, "/couches/\(home.couchId)/calendars", token: home.host.accessToken).json["items"] as? [[String: Any]]
        let counts = try #require(calendar?.first { $0["id"] as? String == feed }, sourceLocation: sourceLocation)
        #expect(
            counts["stays"] as? Int == (placed == nil ? 0 : 1) && counts["conflicts"] as? Int == (inConflict == nil ? 0 : 1),
            "\(counts)", sourceLocation: sourceLocation)
        let stays = try await Channels.imported(server, home)
        if let inConflict {
            #expect(stays[inConflict]?["status"] as? String == "conflict", "\(stays)", sourceLocation: sourceLocation)
            #expect(try await Channels.letsIn(server, stays[inConflict]) == false, "no door code for \(inConflict)", sourceLocation: sourceLocation)
        }
        if let placed {
            #expect(stays[placed]?["status"] as? String == "confirmed", "\(stays)", sourceLocation: sourceLocation)
            #expect(try await Channels.letsIn(server, stays[placed]), "a door code for \(placed)", sourceLocation: sourceLocation)
        }
    }
}
