import Foundation
import TestSupport
import Testing

/// `PUT /home/watchers/{configurationId}` and `GET /home/watchers/{couchId}`: thresholds, their
/// validation and who may see and set them.
@Suite struct WatcherTests {
    @Test func theOwnerSetsThresholdsAndReadsThemBack() async throws {
        try await TestServer.withHome { server, home in
            let climate = try await server.createClimateDevices(in: home)
            let unset = try await server.createWatcher(in: home, name: "Spare")
            let set = try await server.setWatcher(
                climate.watcherId,
                TestServer.watcherBody(
                    heating: climate.heaterId, cooling: climate.coolerId, ["heatOnBelow": 15.5]), token: home.host.accessToken)
            #expect(set.status == .ok, "\(set.text)")
            let body = try set.json
            #expect(body["id"] as? String == climate.watcherId)
            #expect(body["heatingConfigurationId"] as? String == climate.heaterId)
            #expect(body["coolingConfigurationId"] as? String == climate.coolerId)
            #expect(body["heatOnBelow"] as? Double == 15.5)
            #expect(body["coolOnAbove"] as? Double == 26)

            // Setting again replaces: here, the cooling is no longer driven.
            let again = try await server.setWatcher(
                climate.watcherId, TestServer.watcherBody(heating: climate.heaterId, cooling: nil), token: home.host.accessToken)
            #expect(again.status == .ok, "\(again.text)")

            let listed = try await server.send(.GET, "/home/watchers/\(home.couchId)", token: home.host.accessToken).jsonArray
            #expect(listed.map { $0["id"] as? String } == [climate.watcherId, unset])
            #expect(listed[0]["heatOnBelow"] as? Double == 16)
            #expect(try listed[0].typed(as: Schemas.Watcher.self).coolingConfigurationId == nil)
            #expect(try listed[1].typed(as: Schemas.Watcher.self).heatOnBelow == nil, "a watcher never set comes without thresholds")

            let log = try await server.send(.GET, "/home/log/\(home.couchId)", token: home.host.accessToken).json
            let actions = (log["items"] as? [[String: Any]] ?? []).compactMap { $0["action"] as? String }
            #expect(actions.filter { $0 == "set watcher" }.count == 2)
        }
    }

    @Test func crossingOrGaplessPairsAndWrongDevicesAre422() async throws {
        try await TestServer.withHome { server, home in
            let climate = try await server.createClimateDevices(in: home)
            let lock = try await server.createDevice(in: home, type: "lock", name: "Door", thing: "sim:smartlock:front", channels: [("lock", nil)])
            let otherCouch = try await server.createCouch(by: home.host)
            let elsewhereId = try await withSimulator { otherHub in
                let hub = try await server.send(
                    .PUT, "/home/hub/\(otherCouch)",
                    json: [
                        "baseUrl": otherHub.baseURL.absoluteString, "apiToken": Token.admin
                    ], token: home.host.accessToken)
                #expect(hub.status == .ok)
                let elsewhere = try await server.send(
                    .POST, "/home/items",
                    json: [
                        "couchId": otherCouch.uuidString.lowercased(), "name": "Other heater", "type": "heating", "thingUID": "sim:thermostat:living",
                        "properties": [["channelUID": "sim:thermostat:living:power"]]
                    ], token: home.host.accessToken)
                return try #require(try elsewhere.json["id"] as? String)
            }
            let (heater, cooler) = (climate.heaterId, climate.coolerId)

            let cases: [(String, [String: Any], Set<String>)] = [
                (
                    "heating pair without a gap", TestServer.watcherBody(heating: heater, cooling: cooler, ["heatOnBelow": 18, "heatOffAbove": 18]),
                    ["heatOffAbove"]
                ),
                (
                    "heating pair crossing", TestServer.watcherBody(heating: heater, cooling: cooler, ["heatOnBelow": 19, "heatOffAbove": 17]),
                    ["heatOffAbove"]
                ),
                (
                    "cooling pair without a gap", TestServer.watcherBody(heating: heater, cooling: cooler, ["coolOnAbove": 25, "coolOffBelow": 25]),
                    ["coolOnAbove"]
                ),
                (
                    "cooling pair crossing", TestServer.watcherBody(heating: heater, cooling: cooler, ["coolOnAbove": 23, "coolOffBelow": 27]),
                    ["coolOnAbove"]
                ),
                (
                    "heating running where cooling does", TestServer.watcherBody(heating: heater, cooling: cooler, ["heatOffAbove": 24]),
                    ["coolOffBelow"]
                ),
                (
                    "both pairs crossing",
                    TestServer.watcherBody(
                        heating: heater, cooling: cooler,
                        [
                            "heatOnBelow": 20, "heatOffAbove": 10, "coolOnAbove": 22, "coolOffBelow": 30
                        ]), ["heatOffAbove", "coolOnAbove"]
                ),
                ("a threshold out of range", TestServer.watcherBody(heating: heater, cooling: cooler, ["heatOnBelow": -60]), ["heatOnBelow"]),
                ("a missing threshold", TestServer.watcherBody(heating: heater, cooling: cooler, ["coolOffBelow": NSNull()]), ["coolOffBelow"]),
                ("heating that is a cooler", TestServer.watcherBody(heating: cooler, cooling: nil), ["heatingConfigurationId"]),
                ("cooling that is a heater", TestServer.watcherBody(heating: nil, cooling: heater), ["coolingConfigurationId"]),
                ("heating that is a lock", TestServer.watcherBody(heating: lock["id"] as? String, cooling: nil), ["heatingConfigurationId"]),
                ("heating that is the watcher", TestServer.watcherBody(heating: climate.watcherId, cooling: nil), ["heatingConfigurationId"]),
                ("heating on another couch", TestServer.watcherBody(heating: elsewhereId, cooling: nil), ["heatingConfigurationId"]),
                (
                    "an unknown cooling device", TestServer.watcherBody(heating: nil, cooling: UUID().uuidString.lowercased()),
                    ["coolingConfigurationId"]
                )
            ]
            for (name, body, fields) in cases {
                let response = try await server.setWatcher(climate.watcherId, body, token: home.host.accessToken)
                try response.problem(.unprocessableEntity)
                #expect(try response.problemFields == fields, "\(name): \(response.text)")
            }

            // Thresholds belong to weather watchers only.
            let onHeater = try await server.setWatcher(heater, TestServer.watcherBody(heating: nil, cooling: nil), token: home.host.accessToken)
            try onHeater.problem(.unprocessableEntity)
            #expect(try onHeater.problemFields == ["configurationId"])

            // One device, one watcher: two would fight over it.
            let second = try await server.createWatcher(in: home, name: "Second")
            #expect(
                try await server.setWatcher(climate.watcherId, TestServer.watcherBody(heating: heater, cooling: nil), token: home.host.accessToken)
                    .status == .ok)
            let taken = try await server.setWatcher(second, TestServer.watcherBody(heating: heater, cooling: cooler), token: home.host.accessToken)
            try taken.problem(.unprocessableEntity)
            #expect(try taken.problemFields == ["heatingConfigurationId"])

            #expect(try await server.count("weather_watchers") == 1)
        }
    }

    @Test func aRemovedDeviceIsNoLongerDrivenAndARemovedWatcherTakesItsThresholds() async throws {
        try await TestServer.withHome { server, home in
            let climate = try await server.createClimateDevices(in: home)
            try await server.watch(climate, in: home)

            #expect(try await server.send(.DELETE, "/home/items/\(climate.heaterId)", token: home.host.accessToken).status == .noContent)
            let watcher = try #require(try await server.send(.GET, "/home/watchers/\(home.couchId)", token: home.host.accessToken).jsonArray.first)
            #expect(try watcher.typed(as: Schemas.Watcher.self).heatingConfigurationId == nil)
            #expect(watcher["coolingConfigurationId"] as? String == climate.coolerId)

            #expect(try await server.send(.DELETE, "/home/items/\(climate.watcherId)", token: home.host.accessToken).status == .noContent)
            #expect(try await server.count("weather_watchers") == 0)
        }
    }

    @Test func onlyTheOwnerSetsAndOnlyThoseWhoMayUseTheDevicesRead() async throws {
        try await TestServer.withHome { server, home in
            let climate = try await server.createClimateDevices(in: home)
            let hidden = try await server.createWatcher(in: home, name: "Host only", guestControllable: false)
            let cleaner = try await server.register("Cleaner")
            let futureGuest = try await server.register("Future guest")
            let stranger = try await server.register("Stranger")
            let grant = try await server.send(
                .POST, "/home/grants",
                json: [
                    "couchId": home.couchId.uuidString.lowercased(), "userId": cleaner.id.uuidString.lowercased(),
                    "startsAt": server.clock.now.addingTimeInterval(-60).formatted(.iso8601),
                    "endsAt": server.clock.now.addingTimeInterval(3600).formatted(.iso8601)
                ], token: home.host.accessToken)
            #expect(grant.status == .created)
            _ = try await server.book(futureGuest, home.couchId, from: 5, to: 7)

            let body = TestServer.watcherBody(heating: climate.heaterId, cooling: climate.coolerId)
            for caller in [cleaner, futureGuest, stranger] {
                try await server.setWatcher(climate.watcherId, body, token: caller.accessToken).problem(.forbidden)
            }
            try await server.setWatcher(UUID().uuidString.lowercased(), body, token: home.host.accessToken).problem(.notFound)
            try await server.send(.PUT, "/home/watchers/\(climate.watcherId)", json: body).problem(.unauthorized)
            #expect(try await server.count("weather_watchers") == 0)

            let path = "/home/watchers/\(home.couchId)"
            #expect(
                try await server.send(.GET, path, token: home.host.accessToken).jsonArray.map { $0["id"] as? String } == [climate.watcherId, hidden])
            // Someone granted access now sees what they may use; the host's own watcher stays hidden.
            #expect(try await server.send(.GET, path, token: cleaner.accessToken).jsonArray.map { $0["id"] as? String } == [climate.watcherId])
            try await server.send(.GET, path, token: futureGuest.accessToken).problem(.forbidden)
            try await server.send(.GET, path, token: stranger.accessToken).problem(.forbidden)
            try await server.send(.GET, "/home/watchers/\(UUID())", token: home.host.accessToken).problem(.notFound)
            try await server.send(.GET, path).problem(.unauthorized)
        }
    }
}
