import Foundation
import TestSupport
import Testing

@Suite struct HomeAccessTests {
    /// An ISO 8601 instant `seconds` from the server's now.
    private func instant(_ server: TestServer, _ seconds: TimeInterval) -> String {
        server.clock.now.addingTimeInterval(seconds).formatted(.iso8601)
    }

    @Test func aGrantedCleanerUsesDevicesOnlyInsideTheWindow() async throws {
        try await TestServer.withHome { server, home in
            let cleaner = try await server.register("Cleaner")
            let lock = try await server.createDevice(
                in: home, type: "lock", name: "Front door", thing: "sim:smartlock:front", channels: [("lock", nil), ("door", nil)])
            let lockSwitch = try TestServer.item(lock, channel: "lock")["id"] as! String

            try await server.send(.GET, "/home/items/\(home.couchId)", token: cleaner.accessToken).problem(.forbidden)
            let grant = try await server.send(
                .POST, "/home/grants",
                json: [
                    "couchId": home.couchId.uuidString.lowercased(), "userId": cleaner.id.uuidString.lowercased(),
                    "startsAt": instant(server, 3600), "endsAt": instant(server, 3 * 3600)
                ], token: home.host.accessToken)
            #expect(grant.status == .created)

            // Before the window: refused, logged, and the hub is never asked.
            try await home.control(.DELETE, "/requests")
            try await server.send(.POST, "/home/switch/\(lockSwitch)", token: cleaner.accessToken).problem(.forbidden)
            #expect(try await home.receivedRequests().isEmpty)

            server.clock.advance(by: 3600 + 60)
            let cleanerNow = try await server.login(cleaner.email, cleaner.password)
            let token = try #require(try cleanerNow.json["accessToken"] as? String)
            #expect(try await server.send(.GET, "/home/items/\(home.couchId)", token: token).jsonArray.count == 1)
            let unlocked = try await server.send(.POST, "/home/switch/\(lockSwitch)", token: token)
            #expect(unlocked.status == .ok, "\(unlocked.text)")
            #expect(try unlocked.json["state"] as? String == "OFF")

            server.clock.advance(by: 2 * 3600)
            let afterWindow = try #require(try await server.login(cleaner.email, cleaner.password).json["accessToken"] as? String)
            try await server.send(.POST, "/home/switch/\(lockSwitch)", token: afterWindow).problem(.forbidden)

            let hostToken = try #require(try await server.login(home.host.email, home.host.password).json["accessToken"] as? String)
            let log = try await server.send(.GET, "/home/log/\(home.couchId)", token: hostToken).json
            let outcomes = (log["items"] as? [[String: Any]] ?? []).filter { $0["actorId"] as? String == cleaner.id.uuidString.lowercased() }
                .map { "\($0["action"] as? String ?? "") \($0["outcome"] as? String ?? "")" }
            #expect(outcomes == ["switch denied", "switch ok", "switch denied", "read devices denied"])

            // The cleaner sees only their own entries.
            let own = try await server.send(.GET, "/home/log/\(home.couchId)", token: afterWindow).json
            #expect((own["items"] as? [[String: Any]] ?? []).allSatisfy { $0["actorId"] as? String == cleaner.id.uuidString.lowercased() })
        }
    }

    @Test func revokedGrantsAndHiddenDevicesAreRefused() async throws {
        try await TestServer.withHome { server, home in
            let cleaner = try await server.register("Cleaner")
            let heater = try await server.createDevice(
                in: home, type: "heating", name: "Heater", thing: "sim:thermostat:living", channels: [("power", nil)],
                extra: ["guestControllable": false])
            let grantResponse = try await server.send(
                .POST, "/home/grants",
                json: [
                    "couchId": home.couchId.uuidString.lowercased(), "userId": cleaner.id.uuidString.lowercased(),
                    "startsAt": instant(server, -60), "endsAt": instant(server, 3600)
                ], token: home.host.accessToken)
            let grantId = try #require(try grantResponse.json["id"] as? String)

            #expect(
                try await server.send(.GET, "/home/items/\(home.couchId)", token: cleaner.accessToken).jsonArray.isEmpty,
                "devices not made available to guests are not listed to them")
            let power = try TestServer.item(heater, channel: "power")["id"] as! String
            try await server.send(.POST, "/home/switch/\(power)", token: cleaner.accessToken).problem(.forbidden)
            try await server.send(.GET, "/home/item/\(heater["id"] as! String)", token: cleaner.accessToken).problem(.forbidden)

            let stranger = try await server.register("Stranger")
            try await server.send(.DELETE, "/home/grants/\(grantId)", token: stranger.accessToken).problem(.forbidden)
            #expect(try await server.send(.DELETE, "/home/grants/\(grantId)", token: home.host.accessToken).status == .noContent)
            try await server.send(.GET, "/home/items/\(home.couchId)", token: cleaner.accessToken).problem(.forbidden)
            let grants = try await server.send(.GET, "/home/grants/\(home.couchId)", token: home.host.accessToken).jsonArray
            #expect(grants.first?["revokedAt"] is String)
        }
    }

    @Test func onlyOwnersManageGrantsAndBadGrantsAreRefused() async throws {
        try await TestServer.withHome { server, home in
            let cleaner = try await server.register("Cleaner")
            let body: [String: Any] = [
                "couchId": home.couchId.uuidString.lowercased(), "userId": cleaner.id.uuidString.lowercased(),
                "startsAt": instant(server, 0), "endsAt": instant(server, 3600)
            ]
            try await server.send(.POST, "/home/grants", json: body, token: cleaner.accessToken).problem(.forbidden)
            try await server.send(.GET, "/home/grants/\(home.couchId)", token: cleaner.accessToken).problem(.forbidden)
            var backwards = body
            backwards["endsAt"] = instant(server, -3600)
            try await server.send(.POST, "/home/grants", json: backwards, token: home.host.accessToken).problem(.unprocessableEntity)
            var nobody = body
            nobody["userId"] = UUID().uuidString.lowercased()
            try await server.send(.POST, "/home/grants", json: nobody, token: home.host.accessToken).problem(.notFound)
            var badDate = body
            badDate["startsAt"] = "tomorrow"
            try await server.send(.POST, "/home/grants", json: badDate, token: home.host.accessToken).problem(.unprocessableEntity)
            #expect(try await server.send(.GET, "/home/grants/\(home.couchId)", token: home.host.accessToken).jsonArray.isEmpty)
        }
    }

    @Test func strangersCannotTouchDevices() async throws {
        try await TestServer.withHome { server, home in
            let stranger = try await server.register("Stranger")
            let device = try await server.createDevice(
                in: home, type: "heating", name: "Heater", thing: "sim:thermostat:living", channels: [("power", nil), ("setpoint", nil)])
            let power = try TestServer.item(device, channel: "power")["id"] as! String
            let setpoint = try TestServer.item(device, channel: "setpoint")["id"] as! String
            let token = stranger.accessToken
            try await server.send(.GET, "/home/items/\(home.couchId)", token: token).problem(.forbidden)
            try await server.send(.GET, "/home/item/\(device["id"] as! String)", token: token).problem(.forbidden)
            try await server.send(.GET, "/home/properties/\(device["id"] as! String)", token: token).problem(.forbidden)
            try await server.send(.POST, "/home/switch/\(power)", token: token).problem(.forbidden)
            try await server.send(.POST, "/home/properties", json: ["itemId": setpoint, "state": 21], token: token).problem(.forbidden)
            try await server.send(.GET, "/home/types/properties/heating?couchId=\(home.couchId)", token: token).problem(.forbidden)
            try await server.send(
                .POST, "/home/items",
                json: [
                    "couchId": home.couchId.uuidString.lowercased(), "name": "Mine", "type": "heating", "thingUID": "sim:thermostat:living",
                    "properties": [["channelUID": "sim:thermostat:living:power"]]
                ], token: token
            ).problem(.forbidden)
            #expect(try await server.send(.GET, "/home/log/\(home.couchId)", token: token).json["items"] as? [[String: Any]] != nil)
            try await server.send(.GET, "/home/types").problem(.unauthorized)
            try await server.send(.POST, "/home/switch/\(power)").problem(.unauthorized)
        }
    }

    @Test func unlockingNeedsARecentLoginOrThePasswordButLockingNeverDoes() async throws {
        try await TestServer.withHome { server, home in
            let lock = try await server.createDevice(
                in: home, type: "lock", name: "Front door", thing: "sim:smartlock:front", channels: [("lock", "ON"), ("door", nil)])
            let lockSwitch = try TestServer.item(lock, channel: "lock")["id"] as! String
            let host = home.host

            server.clock.advance(by: 6 * 60)
            // The host's token is still valid (refreshed sessions keep their login time), but the login is old.
            let refreshed = try await server.send(.POST, "/auth/refresh", json: ["refreshToken": host.refreshToken])
            let token = try #require(try refreshed.json["accessToken"] as? String)
            let stale = try await server.send(.POST, "/home/switch/\(lockSwitch)", token: token)
            let problem = try stale.problem(.unauthorized)
            #expect(problem["type"] as? String == "/problems/reauthentication-required")

            try await server.send(.POST, "/home/switch/\(lockSwitch)", json: ["password": "not it"], token: token).problem(.unauthorized)
            // Setting the lock's state is the same unlock, refused the same way, and logged as what it was.
            let set = try await server.send(.POST, "/home/properties", json: ["itemId": lockSwitch, "state": "OFF"], token: token)
            #expect(try set.problem(.unauthorized)["type"] as? String == "/problems/reauthentication-required")
            let unlocked = try await server.send(.POST, "/home/switch/\(lockSwitch)", json: ["password": host.password], token: token)
            #expect(try unlocked.json["state"] as? String == "OFF")

            // Locking again needs nothing.
            try await eventually("the lock reports unlocked") {
                try await home.hub.state(of: .init(try #require(TestServer.item(lock, channel: "lock")["itemName"] as? String))).rawValue == "OFF"
            }
            let locked = try await server.send(.POST, "/home/switch/\(lockSwitch)", token: token)
            #expect(try locked.json["state"] as? String == "ON")

            let log = try await server.send(.GET, "/home/log/\(home.couchId)", token: token).json
            let outcomes = (log["items"] as? [[String: Any]] ?? []).filter { $0["action"] as? String == "switch" }.map {
                "\($0["value"] as? String ?? "") \($0["outcome"] as? String ?? "")"
            }
            #expect(outcomes == ["ON ok", "OFF ok", "OFF denied", "OFF denied"])
            // Besides the lock's initial state, set when it was made.
            let sets = (log["items"] as? [[String: Any]] ?? []).filter { $0["action"] as? String == "set" }.map {
                "\($0["value"] as? String ?? "") \($0["outcome"] as? String ?? "")"
            }
            #expect(sets == ["OFF denied", "ON ok"])
        }
    }
}
