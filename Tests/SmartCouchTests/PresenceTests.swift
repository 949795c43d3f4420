import Foundation
import OpenHABModels
import OpenHABSimulator
import SmartCouchBootstrap
import TestSupport
import Testing

@testable import SmartCouchHTTP

/// Presence simulation end to end, with the simulator and a test clock: an empty couch's lamp
/// follows its evening's plan, and is put back the moment a stay begins.
@Suite struct PresenceTests {
    static func presence(_ server: TestServer, _ home: Home, token: String? = nil) async throws -> TestResponse {
        try await server.send(.GET, "/couches/\(home.couchId)/presence", token: token ?? home.host.accessToken)
    }

    static func change(_ server: TestServer, _ home: Home, _ body: [String: Any], token: String? = nil) async throws -> TestResponse {
        try await server.send(.PATCH, "/couches/\(home.couchId)/presence", json: body, token: token ?? home.host.accessToken)
    }

    static func instant(_ text: Any?) throws -> Date {
        let text = try #require(text as? String)
        return try (try? Date(text, strategy: .iso8601)) ?? Date(text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true))
    }

    /// The lamp's periods of the couch's current evening, in order.
    static func tonight(_ server: TestServer, _ home: Home) async throws -> [(on: Date, off: Date)] {
        let shown = try await presence(server, home)
        #expect(shown.status == .ok, "\(shown.text)")
        return try (shown.json["tonight"] as? [[String: Any]] ?? []).map { (try instant($0["on"]), try instant($0["off"])) }
    }

    static func switchedOn(_ server: TestServer, _ home: Home) async throws -> [String] {
        try await presence(server, home).json["switchedOn"] as? [String] ?? []
    }

    @Test func anEmptyCouchsLampFollowsItsEveningAndIsPutBackWhenAStayBegins() async throws {
        try await TestServer.withHome(things: Furnishing.things, Automations.firing) { server, home in
            server.moveClock(toNext: 10)
            let devices = try await Furnishing.furnish(server, home)
            let lamp = try #require(devices.lamp["id"] as? String)
            let unset = try await Self.presence(server, home)
            let fresh = try unset.json
            #expect(unset.status == .ok && fresh["enabled"] as? Bool == false && fresh["from"] as? String == "18:00", "\(unset.text)")

            let set = try await Self.change(
                server, home, ["enabled": true, "lightIds": [lamp], "from": "18:00", "until": "23:30", "maxOnMinutes": 60])
            #expect(set.status == .ok, "\(set.text)")
            let evening = try await Self.tonight(server, home)
            #expect(!evening.isEmpty && evening.allSatisfy { $0.off.timeIntervalSince($0.on) <= 3600 }, "\(evening)")
            #expect(try await Self.tonight(server, home).map(\.on) == evening.map(\.on), "the plan is the couch's, not each reading's")

            // Inside its first period the lamp comes on, as the automation; after it, it goes out again.
            let first = try #require(evening.first)
            server.clock.advance(by: first.on.timeIntervalSince(server.clock.now) + 1)
            try await eventually("the lamp is on") { try await Furnishing.state(home, devices.lamp, "power") == "ON" }
            #expect(try await Self.switchedOn(server, home) == [lamp])
            // The log line follows the lamp's own report of it.
            try await eventually("the access log names the automation") {
                try await Self.log(server, home).contains { $0["actorName"] as? String == "presence simulation" && $0["outcome"] as? String == "ok" }
            }
            server.clock.advance(by: first.off.timeIntervalSince(server.clock.now) + 1)
            try await eventually("the lamp is out again") {
                let switched = try await Self.switchedOn(server, home)
                let state = try await Furnishing.state(home, devices.lamp, "power")
                return switched.isEmpty && state == "OFF"
            }

            // Another evening, another plan; inside it, a channel's guest arrives: the lamp is put out at once.
            server.moveClock(toNext: 10)
            let next = try #require(try await Self.tonight(server, home).first)
            #expect(Self.minutes(next.on) != Self.minutes(first.on) || Self.minutes(next.off) != Self.minutes(first.off), "evenings differ")
            server.clock.advance(by: next.on.timeIntervalSince(server.clock.now) + 1)
            try await eventually("the lamp is on again") {
                let switched = try await Self.switchedOn(server, home)
                let state = try await Furnishing.state(home, devices.lamp, "power")
                return switched == [lamp] && state == "ON"
            }
            try await Channels.publish(
                home.simulator, "airbnb", Channels.feed([("arriving", server.date(0), server.date(2), "Reserved")]))
            let feed = try await server.send(
                .POST, "/couches/\(home.couchId)/calendars", json: ["url": home.simulator.baseURL.absoluteString + "/_sim/calendars/airbnb.ics"],
                token: home.host.accessToken)
            #expect(feed.status == .created, "\(feed.text)")
            try await eventually("the lamp is put back for the guest") {
                let switched = try await Self.switchedOn(server, home)
                let state = try await Furnishing.state(home, devices.lamp, "power")
                return switched.isEmpty && state == "OFF"
            }
        }
    }

    /// Waits until the simulation has the lamp `on` or not, on the hub as in its own record.
    static func lamp(_ on: Bool, _ server: TestServer, _ home: Home, _ devices: Furnishing.Devices, _ what: Comment) async throws {
        let lamp = try #require(devices.lamp["id"] as? String)
        try await eventually(what) {
            let switched = try await Self.switchedOn(server, home)
            let state = try await Furnishing.state(home, devices.lamp, "power")
            return switched.contains(lamp) == on && state == (on ? "ON" : "OFF")
        }
    }

    @Test func theHostTurningItOffOrTakingTheLampOffTheListPutsTheLampBack() async throws {
        try await TestServer.withHome(things: Furnishing.things, Automations.firing) { server, home in
            server.moveClock(toNext: 10)
            let devices = try await Furnishing.furnish(server, home)
            let lamp = try #require(devices.lamp["id"] as? String)
            #expect(try await Self.change(server, home, ["enabled": true, "lightIds": [lamp], "maxOnMinutes": 360]).status == .ok)
            let first = try #require(try await Self.tonight(server, home).first)
            server.clock.advance(by: first.on.timeIntervalSince(server.clock.now) + 1)
            try await Self.lamp(true, server, home, devices, "on in its period")

            #expect(try await Self.change(server, home, ["enabled": false]).status == .ok)
            try await Self.lamp(false, server, home, devices, "put back when turned off")
            #expect(try await Self.change(server, home, ["enabled": true]).status == .ok)
            try await Self.lamp(true, server, home, devices, "on again, still in its period")

            // Someone the host let in (a cleaner) makes the couch not empty while the grant is in force.
            let cleaner = try await server.register("Cleaner")
            let granted = try await server.send(
                .POST, "/home/grants",
                json: [
                    "couchId": home.couchId.uuidString.lowercased(), "userId": cleaner.id.uuidString.lowercased(),
                    "startsAt": server.clock.now.addingTimeInterval(1).formatted(.iso8601),
                    "endsAt": server.clock.now.addingTimeInterval(2 * 3600).formatted(.iso8601)
                ], token: home.host.accessToken)
            #expect(granted.status == .created, "\(granted.text)")
            server.clock.advance(by: 2)
            try await Self.lamp(false, server, home, devices, "put back while the cleaner is let in")
            let grant = try #require(try granted.json["id"] as? String)
            #expect(try await server.send(.DELETE, "/home/grants/\(grant)", token: home.host.accessToken).status.code < 300)
            try await Self.lamp(true, server, home, devices, "on again once the grant is revoked")
            let other = try await server.createDevice(
                in: home, type: "light", name: "Plug lamp", thing: "sim:smartplug:kitchen", channels: [("power", nil)])
            #expect(try await Self.change(server, home, ["lightIds": [try #require(other["id"] as? String)]]).status == .ok)
            try await Self.lamp(false, server, home, devices, "put back when taken off the list")
        }
    }

    static func log(_ server: TestServer, _ home: Home) async throws -> [[String: Any]] {
        try await server.send(.GET, "/home/log/\(home.couchId)?limit=100", token: home.host.accessToken).json["items"] as? [[String: Any]] ?? []
    }

    @Test func aLampLeftOnIsPutBackOnAndAnOfflineLampIsTriedAgain() async throws {
        try await TestServer.withHome(things: Furnishing.things, Automations.firing) { server, home in
            server.moveClock(toNext: 10)
            let devices = try await Furnishing.furnish(server, home)
            let lamp = try #require(devices.lamp["id"] as? String)
            let power = try ItemName(try #require(try TestServer.item(devices.lamp, channel: "power")["itemName"] as? String))
            let switchType = try #require(ItemType(rawValue: "Switch"))
            // Someone left it on at the hub; the server has heard nothing of it.
            try await home.hub.send(.on, to: power, ofType: switchType)
            #expect(try await Self.change(server, home, ["enabled": true, "lightIds": [lamp]]).status == .ok)
            let first = try #require(try await Self.tonight(server, home).first)
            server.clock.advance(by: first.on.timeIntervalSince(server.clock.now) + 1)
            try await eventually("the simulation has it") { try await Self.switchedOn(server, home) == [lamp] }
            server.clock.advance(by: first.off.timeIntervalSince(server.clock.now) + 1)
            try await eventually("put back") {
                try await Self.log(server, home).contains {
                    $0["detail"] as? String == "presence simulation ends" && $0["outcome"] as? String == "ok"
                }
            }
            #expect(try await Furnishing.state(home, devices.lamp, "power") == "ON", "as it was: on")

            // The next evening the lamp's thing is offline: nothing is sent, and it is tried again once back.
            try await home.hub.send(.off, to: power, ofType: switchType)
            server.moveClock(toNext: 10)
            let next = try #require(try await Self.tonight(server, home).first)
            try await SmartLock.offline(home, "sim:dimmablelamp:living")
            server.clock.advance(by: next.on.timeIntervalSince(server.clock.now) + 1)
            try await eventually("the offline lamp was tried") {
                try await Self.log(server, home).contains {
                    $0["actorName"] as? String == "presence simulation" && $0["outcome"] as? String == "failed"
                }
            }
            try await home.control(.PUT, "/things/sim:dimmablelamp:living/status", #"{"status": "ONLINE"}"#)
            try await Self.lamp(true, server, home, devices, "on once back online")
        }
    }

    @Test func aLampItHasOnIsPutBackBeforeItsDeviceGoesAndItsCouchIsKeptUntilThen() async throws {
        try await TestServer.withHome(things: Furnishing.things, Automations.firing) { server, home in
            server.moveClock(toNext: 10)
            let devices = try await Furnishing.furnish(server, home)
            let lamp = try #require(devices.lamp["id"] as? String)
            #expect(try await Self.change(server, home, ["enabled": true, "lightIds": [lamp]]).status == .ok)
            let first = try #require(try await Self.tonight(server, home).first)
            server.clock.advance(by: first.on.timeIntervalSince(server.clock.now) + 1)
            try await Self.lamp(true, server, home, devices, "on in its period")
            let kept = try await server.send(.DELETE, "/couches/\(home.couchId)", token: home.host.accessToken)
            #expect(kept.status == .conflict && kept.text.contains("presence"), "\(kept.text)")
            let name = try ItemName(try #require(try TestServer.item(devices.lamp, channel: "power")["itemName"] as? String))
            #expect(try await server.send(.DELETE, "/home/items/\(lamp)", token: home.host.accessToken).status == .noContent)
            try await eventually("the lamp is out and its item gone") {
                let state = try? await home.hub.state(of: name)
                return state == nil || state == .off
            }
            #expect(
                try await Self.log(server, home).contains {
                    ($0["detail"] as? String)?.contains("its light is deleted") == true && $0["outcome"] as? String == "ok"
                })
            #expect(try await server.send(.DELETE, "/couches/\(home.couchId)", token: home.host.accessToken).status == .noContent)
        }
    }

    @Test func twoHostsChangesAtOnceAreBothKept() async throws {
        try await TestServer.withHome(things: Furnishing.things) { server, home in
            let devices = try await Furnishing.furnish(server, home)
            let lamp = try #require(devices.lamp["id"] as? String)
            #expect(try await Self.change(server, home, ["enabled": true, "lightIds": [lamp]]).status == .ok)
            for round in 0..<5 {
                async let window = Self.change(server, home, ["from": round % 2 == 0 ? "20:00" : "19:00"])
                async let length = Self.change(server, home, ["maxOnMinutes": 45 + round])
                let (one, other) = try await (window, length)
                #expect(one.status == .ok && other.status == .ok)
                let both = try await Self.presence(server, home).json
                #expect(both["from"] as? String == (round % 2 == 0 ? "20:00" : "19:00") && both["maxOnMinutes"] as? Int == 45 + round, "\(both)")
            }
        }
    }

    /// Wall-clock minutes of the day in the test couches' time zone.
    static func minutes(_ instant: Date) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Budapest")!
        let parts = calendar.dateComponents([.hour, .minute], from: instant)
        return parts.hour! * 60 + parts.minute!
    }

    @Test func onlyTheOwnerSetsItAndBadSettingsChangeNothing() async throws {
        try await TestServer.withHome(things: Furnishing.things) { server, home in
            let devices = try await Furnishing.furnish(server, home)
            let lamp = try #require(devices.lamp["id"] as? String)
            let heater = try #require(devices.heater["id"] as? String)
            let stranger = try await server.register("Stranger")
            #expect(try await Self.presence(server, home, token: stranger.accessToken).status == .forbidden)
            #expect(try await Self.change(server, home, ["enabled": false], token: stranger.accessToken).status == .forbidden)
            #expect(try await server.send(.GET, "/couches/\(home.couchId)/presence").status == .unauthorized)
            #expect(try await server.send(.GET, "/couches/\(UUID())/presence", token: home.host.accessToken).status == .notFound)

            let good = try await Self.change(
                server, home, ["enabled": true, "lightIds": [lamp], "from": "19:00", "until": "22:00", "maxOnMinutes": 30])
            #expect(good.status == .ok, "\(good.text)")
            let bad: [([String: Any], String)] = [
                (["lightIds": [heater]], "lightIds"),
                (["lightIds": [lamp, lamp]], "lightIds"),
                (["lightIds": [UUID().uuidString]], "lightIds"),
                (["lightIds": (0...20).map { _ in UUID().uuidString }], "lightIds"),
                (["lightIds": []], "lightIds"),
                (["from": "7pm"], "from"),
                (["until": "24:00"], "until"),
                (["from": "21:45"], "until"),
                (["maxOnMinutes": 5], "maxOnMinutes"),
                (["maxOnMinutes": 361], "maxOnMinutes"),
                (["maxOnMinutes": 10.5], "body"),
                (["maxOnMinutes": 1e30], "body"),
                (["lightIds": ["not-an-id"]], "lightIds[0]")
            ]
            for (body, field) in bad {
                let refused = try await Self.change(server, home, body)
                #expect(refused.status == .unprocessableEntity, "\(body): \(refused.text)")
                #expect((try refused.json["errors"] as? [[String: Any]])?.first?["field"] as? String == field, "\(body): \(refused.text)")
            }
            let wrongType = try await Self.change(server, home, ["enabled": "yes"])
            #expect(wrongType.status == .badRequest || wrongType.status == .unprocessableEntity, "\(wrongType.text)")
            let kept = try await Self.presence(server, home).json
            #expect(kept["from"] as? String == "19:00" && kept["until"] as? String == "22:00" && kept["maxOnMinutes"] as? Int == 30)
            #expect(kept["lightIds"] as? [String] == [lamp] && kept["enabled"] as? Bool == true)

            // Off keeps the lights chosen; a lamp deleted leaves the list.
            #expect(try await Self.change(server, home, ["enabled": false]).json["lightIds"] as? [String] == [lamp])
            #expect(try await server.send(.DELETE, "/home/items/\(lamp)", token: home.host.accessToken).status.code < 300)
            #expect(try await Self.presence(server, home).json["lightIds"] as? [String] == [])
        }
    }
}
