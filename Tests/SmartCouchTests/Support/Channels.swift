import Foundation
import HTTPTransport
import OpenHABSimulator
import SmartCouchBootstrap
import SmartCouchDomain
import SmartCouchHTTP
import SmartCouchServices
import TestSupport
import Testing

/// Channel calendars as tests publish, add and read them: feeds the simulator serves, the nights
/// they hold, and the conflicts between them.
enum Channels {
    static func feed(_ events: [(uid: String, from: String, to: String, summary: String)]) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN"]
        for event in events {
            lines += [
                "BEGIN:VEVENT", "UID:\(event.uid)", "DTSTART;VALUE=DATE:\(event.from.replacingOccurrences(of: "-", with: ""))",
                "DTEND;VALUE=DATE:\(event.to.replacingOccurrences(of: "-", with: ""))", "SUMMARY:\(event.summary)", "END:VEVENT"
            ]
        }
        return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    static func publish(_ simulator: OpenHABSimulator, _ name: String, _ body: String) async throws {
        try await simulator.control("PUT", "/calendars/\(name)", body)
    }

    static func behave(_ simulator: OpenHABSimulator, _ name: String, _ behaviour: String) async throws {
        try await simulator.control("PUT", "/calendars/\(name)/behaviour", behaviour)
    }

    /// Feeds that answer slower than this fail; the tests' slow feeds take longer.
    static func quickFeeds(_ configuration: inout Settings) {
        configuration.calendars.timeout = .seconds(5)
    }

    static func addFeed(_ server: TestServer, _ home: Home, _ name: String, _ events: [(uid: String, from: Int, to: Int, summary: String)])
        async throws -> String
    {
        try await Channels.publish(
            home.simulator, name, Channels.feed(events.map { ($0.uid, server.date($0.from), server.date($0.to), $0.summary) }))
        let added = try await server.send(
            .POST, "/couches/\(home.couchId)/calendars",
            json: ["url": home.simulator.baseURL.absoluteString + "/_sim/calendars/\(name).ics", "name": name], token: home.host.accessToken)
        #expect(added.status == .created, "\(added.text)")
        return try #require(try added.json["id"] as? String)
    }

    static func taken(_ server: TestServer, _ home: Home, through days: Int = 60) async throws -> Set<String> {
        let ranges = try await server.send(.GET, "/couches/\(home.couchId)/availability?from=\(server.date(0))&to=\(server.date(days))").jsonArray
        var nights: Set<String> = []
        for range in ranges {
            guard let from = range["checkIn"] as? String, let to = range["checkOut"] as? String else { continue }
            var day = 0
            while server.date(day) < from { day += 1 }
            while server.date(day) < to {
                nights.insert(server.date(day))
                day += 1
            }
        }
        return nights
    }

    static func conflicts(_ server: TestServer, _ home: Home) async throws -> [[String: Any]] {
        try await server.send(.GET, "/couches/\(home.couchId)/conflicts", token: home.host.accessToken).json["items"] as? [[String: Any]] ?? []
    }

    /// The host's imported stays by their channel's UID.
    static func imported(_ server: TestServer, _ home: Home) async throws -> [String: [String: Any]] {
        let listed = try await server.send(.GET, "/reservations/\(home.couchId)", token: home.host.accessToken).jsonArray
        return Dictionary(
            uniqueKeysWithValues: listed.compactMap { stay in
                ((stay["channel"] as? [String: Any])?["uid"] as? String).map { ($0, stay) }
            })
    }

    static func conflictsByUID(_ server: TestServer, _ home: Home) async throws -> [String: [String: Any]] {
        Dictionary(
            uniqueKeysWithValues: try await Channels.conflicts(server, home).map {
                (($0["imported"] as? [String: Any])?["uid"] as? String ?? "", $0)
            })
    }

    /// Whether the stay lets its guest in: gets door codes, checks in.
    static func letsIn(_ server: TestServer, _ stay: [String: Any]?) async throws -> Bool {
        try await server.count("guest_stays", where: "stay_id = '\(stay?["id"] as? String ?? UUID().uuidString)'") == 1
    }
}
