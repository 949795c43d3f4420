import Foundation
import NIOHTTP1
import Testing

/// Every home endpoint against every kind of caller, at the moments that decide a guest's access.
@Suite struct HomeAuthorizationMatrixTests {
    enum Caller: String, CaseIterable {
        case owner, guest, otherCouchGuest, cleaner, stranger
    }

    struct Call {
        var name: String
        var method: HTTPMethod
        var path: String
        var body: [String: Any]?
        /// Who gets a 2xx; everyone else a 403.
        var allowed: Set<Caller>
    }

    @Test func everyHomeEndpointForEveryCallerAcrossTheStay() async throws {
        try await TestServer.withHome(TestServer.tokensOutlivingTheClock) { server, home in
            server.moveClockToNoon(in: "Europe/Budapest")
            let guest = try await server.register("Guest")
            let otherCouchGuest = try await server.register("Other guest")
            let cleaner = try await server.register("Cleaner")
            let stranger = try await server.register("Stranger")
            let otherHost = try await server.register("Other host")
            let otherCouch = try await server.createCouch(by: otherHost)

            let heater = try await server.createDevice(
                in: home, type: "heating", name: "Heater", thing: "sim:thermostat:living", channels: [("power", nil), ("setpoint", nil)])
            let deviceId = heater["id"] as! String
            let power = try TestServer.item(heater, channel: "power")["id"] as! String
            let setpoint = try TestServer.item(heater, channel: "setpoint")["id"] as! String

            // The stay: check-in tomorrow at 15:00, check-out in three days at 11:00, Budapest time.
            _ = try await server.book(guest, home.couchId, from: 1, to: 3)
            _ = try await server.book(otherCouchGuest, otherCouch, from: 1, to: 3)
            let checkIn = try instant(server.date(1), "15:00")
            let checkOut = try instant(server.date(3), "11:00")
            // The cleaner may come during the stay's second day only.
            let grant = try await server.send(
                .POST, "/home/grants",
                json: [
                    "couchId": home.couchId.uuidString.lowercased(), "userId": cleaner.id.uuidString.lowercased(),
                    "startsAt": checkIn.addingTimeInterval(20 * 3600).formatted(.iso8601),
                    "endsAt": checkIn.addingTimeInterval(30 * 3600).formatted(.iso8601)
                ], token: home.host.accessToken)
            #expect(grant.status == .created)
            let grantId = try grant.json["id"] as! String

            let callers: [Caller: Account] = [
                .owner: home.host, .guest: guest, .otherCouchGuest: otherCouchGuest, .cleaner: cleaner, .stranger: stranger
            ]
            let couch = home.couchId.uuidString.lowercased()
            func calls(visitors: Set<Caller>) -> [Call] {
                let use: Set<Caller> = visitors.union([.owner])
                let everyone = Set(Caller.allCases)
                return [
                    Call(name: "types", method: .GET, path: "/home/types", allowed: everyone),
                    Call(name: "fitting channels", method: .GET, path: "/home/types/properties/heating?couchId=\(couch)", allowed: [.owner]),
                    Call(name: "hub status", method: .GET, path: "/home/hub/\(couch)", allowed: [.owner]),
                    Call(name: "things", method: .GET, path: "/home/things/\(couch)", allowed: [.owner]),
                    Call(name: "devices", method: .GET, path: "/home/items/\(couch)", allowed: use),
                    Call(name: "devices in a room", method: .GET, path: "/home/items/\(couch)?room=Living%20room", allowed: use),
                    Call(name: "device", method: .GET, path: "/home/item/\(deviceId)", allowed: use),
                    Call(name: "properties", method: .GET, path: "/home/properties/\(deviceId)", allowed: use),
                    Call(name: "switch", method: .POST, path: "/home/switch/\(power)", allowed: use),
                    Call(name: "set property", method: .POST, path: "/home/properties", body: ["itemId": setpoint, "state": 21], allowed: use),
                    Call(name: "grants", method: .GET, path: "/home/grants/\(couch)", allowed: [.owner]),
                    Call(name: "log", method: .GET, path: "/home/log/\(couch)", allowed: everyone),
                    // Changes that would spoil the next rows: only refusals are tried.
                    Call(
                        name: "set hub", method: .PUT, path: "/home/hub/\(couch)", body: ["baseUrl": "http://127.0.0.1:9", "apiToken": "oh.x"],
                        allowed: []),
                    Call(
                        name: "create device", method: .POST, path: "/home/items",
                        body: [
                            "couchId": couch, "name": "Mine", "type": "heating", "thingUID": "sim:thermostat:living",
                            "properties": [["channelUID": "sim:thermostat:living:power"]]
                        ], allowed: []),
                    Call(name: "delete device", method: .DELETE, path: "/home/items/\(deviceId)", allowed: []),
                    Call(
                        name: "grant", method: .POST, path: "/home/grants",
                        body: [
                            "couchId": couch, "userId": stranger.id.uuidString.lowercased(),
                            "startsAt": checkIn.formatted(.iso8601), "endsAt": checkOut.formatted(.iso8601)
                        ], allowed: []),
                    Call(name: "revoke grant", method: .DELETE, path: "/home/grants/\(grantId)", allowed: [])
                ]
            }

            // (moment, who may use the devices then)
            let moments: [(String, Date, Set<Caller>)] = [
                ("a minute before check-in", checkIn.addingTimeInterval(-60), []),
                ("at check-in", checkIn, [.guest]),
                ("during the cleaner's window", checkIn.addingTimeInterval(24 * 3600), [.guest, .cleaner]),
                ("a minute before check-out", checkOut.addingTimeInterval(-60), [.guest]),
                ("at check-out", checkOut, [])
            ]
            for (moment, time, visitors) in moments {
                server.clock.freeze(at: time)
                for call in calls(visitors: visitors) {
                    for caller in Caller.allCases where !(caller == .owner && call.allowed.isEmpty) {
                        try await home.control(.DELETE, "/requests")
                        let response = try await server.send(call.method, call.path, json: call.body, token: callers[caller]!.accessToken)
                        let what = "\(call.name) by \(caller.rawValue) \(moment)"
                        if call.allowed.contains(caller) {
                            #expect((200..<300).contains(Int(response.status.code)), "\(what): \(response.status.code) \(response.text)")
                        } else {
                            #expect(response.status == .forbidden, "\(what): \(response.status.code) \(response.text)")
                            #expect(try await home.receivedRequests().isEmpty, "\(what) must not reach the hub")
                        }
                    }
                }
            }
        }
    }

    /// A Budapest wall-clock time on a date, as an instant.
    private func instant(_ date: String, _ time: String) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Budapest")!
        let day = date.split(separator: "-").compactMap { Int($0) }
        let clock = time.split(separator: ":").compactMap { Int($0) }
        return try #require(calendar.date(from: DateComponents(year: day[0], month: day[1], day: day[2], hour: clock[0], minute: clock[1])))
    }
}
