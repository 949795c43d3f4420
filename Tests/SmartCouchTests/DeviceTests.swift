import Foundation
import NIOHTTP1
import PostgresNIO
import TestSupport
import Testing

@Suite struct DeviceTests {
    struct Wizard: Sendable, CustomTestStringConvertible {
        var type: String
        var thing: String
        /// Channels to attach with their initial states; the first is the main switch.
        var channels: [(String, String?)]
        var fitting: Set<String>
        /// A property to set, and the state the hub should then report.
        var property: (channel: String, value: String, state: String)
        var testDescription: String { type }
    }

    @Test(arguments: [
        Wizard(
            type: "heating", thing: "sim:thermostat:living", channels: [("power", "ON"), ("setpoint", "22"), ("temperature", nil)],
            fitting: ["Switch", "Number:Temperature"], property: ("setpoint", "23.5", "23.5 °C")),
        Wizard(
            type: "cooling", thing: "sim:airconditioner:bedroom", channels: [("power", "ON"), ("setpoint", "24")],
            fitting: ["Switch", "Number:Temperature"], property: ("setpoint", "21", "21 °C")),
        Wizard(
            type: "lock", thing: "sim:smartlock:front", channels: [("lock", "ON"), ("door", nil)],
            fitting: ["Switch", "Contact"], property: ("lock", "ON", "ON"))
    ])
    func theWizardFlow(_ wizard: Wizard) async throws {
        try await TestServer.withHome { server, home in
            let token = home.host.accessToken
            let types = try await server.send(.GET, "/home/types", token: token)
            #expect(
                try JSONSerialization.jsonObject(with: types.body) as? [String] == [
                    "heating", "cooling", "weatherWatcher", "lock", "light", "blinds", "sensor"
                ])

            let things = try await server.send(.GET, "/home/things/\(home.couchId)", token: token).jsonArray
            #expect(things.contains { $0["uid"] as? String == wizard.thing && ($0["channels"] as? [[String: Any]])?.isEmpty == false })

            let fitting = try await server.send(.GET, "/home/types/properties/\(wizard.type)?couchId=\(home.couchId)", token: token).jsonArray
            #expect(Set(fitting.compactMap { $0["itemType"] as? String }) == wizard.fitting)
            for (channel, _) in wizard.channels {
                #expect(fitting.contains { $0["channelUID"] as? String == "\(wizard.thing):\(channel)" })
            }

            let device = try await server.createDevice(
                in: home, type: wizard.type, name: "My \(wizard.type)", thing: wizard.thing, channels: wizard.channels.map { ($0.0, $0.1) })
            let main = try TestServer.item(device, channel: wizard.channels[0].0)
            #expect(device["mainItemId"] as? String == main["id"] as? String)
            #expect(device["guestControllable"] as? Bool == true)
            #expect(try await home.smartCouchItems().count == wizard.channels.count)
            #expect(try await home.smartCouchLinks().count == wizard.channels.count)

            let mainName = try #require(main["itemName"] as? String)
            try await eventually("the initial state reaches the device") {
                try await home.hub.state(of: .init(mainName)).rawValue == "ON"
            }
            let listed = try await server.send(.GET, "/home/items/\(home.couchId)", token: token).jsonArray
            #expect(listed.count == 1)
            #expect(listed.first?["reachable"] as? Bool == true)
            #expect(try TestServer.item(try #require(listed.first), channel: wizard.channels[0].0)["state"] as? String == "ON")

            // Turning a lock's switch off unlocks it: a fresh login allows it without the password.
            let switched = try await server.send(.POST, "/home/switch/\(main["id"] as! String)", token: token)
            #expect(switched.status == .ok, "\(switched.text)")
            #expect(try switched.json["state"] as? String == "OFF")
            try await eventually("the device reports the switch") { try await home.hub.state(of: .init(mainName)).rawValue == "OFF" }

            let property = try TestServer.item(device, channel: wizard.property.channel)
            let set = try await server.send(
                .POST, "/home/properties", json: ["itemId": property["id"]!, "state": wizard.property.value], token: token)
            #expect(set.status == .ok, "\(set.text)")
            #expect(try set.json["state"] as? String == wizard.property.state)
            try await eventually("the device reports the property") {
                let properties = try await server.send(.GET, "/home/properties/\(device["id"] as! String)", token: token).jsonArray
                return properties.first { ($0["id"] as? String) == (property["id"] as? String) }?["state"] as? String == wizard.property.state
            }
            #expect(try await server.send(.GET, "/home/item/\(device["id"] as! String)", token: token).json["name"] as? String == "My \(wizard.type)")

            let log = try await server.send(.GET, "/home/log/\(home.couchId)", token: token).json
            let actions = (log["items"] as? [[String: Any]] ?? []).map {
                "\($0["action"] as? String ?? "") \($0["value"] as? String ?? "") \($0["outcome"] as? String ?? "")"
            }
            #expect(actions.prefix(2) == ["set \(wizard.property.state) ok", "switch OFF ok"])
        }
    }

    @Test func theAccessLogIsPagedNewestFirst() async throws {
        try await TestServer.withHome { server, home in
            let device = try await server.createDevice(
                in: home, type: "heating", name: "Heater", thing: "sim:thermostat:living", channels: [("power", nil)])
            let power = try TestServer.item(device, channel: "power")["id"] as! String
            for _ in 1...5 {
                #expect(try await server.send(.POST, "/home/switch/\(power)", token: home.host.accessToken).status == .ok)
            }
            var seen: [String] = []
            var cursor: String?
            repeat {
                let query = cursor.map { "&cursor=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" } ?? ""
                let page = try await server.send(.GET, "/home/log/\(home.couchId)?limit=2\(query)", token: home.host.accessToken).json
                let items = page["items"] as? [[String: Any]] ?? []
                #expect(items.count <= 2)
                seen += items.compactMap { $0["id"] as? String }
                cursor = page["nextCursor"] as? String
            } while cursor != nil
            #expect(seen.count == 6, "five switches and the device's creation, each once")
            #expect(Set(seen).count == seen.count)
            try await server.send(.GET, "/home/log/\(home.couchId)?before=garbage", token: home.host.accessToken).problem(.badRequest)
            try await server.send(.GET, "/home/log/\(home.couchId)?limit=500", token: home.host.accessToken).problem(.unprocessableEntity)
        }
    }

    @Test func commandsAreValidatedBeforeTheyReachTheHub() async throws {
        try await TestServer.withHome { server, home in
            let device = try await server.createDevice(
                in: home, type: "heating", name: "Heater", thing: "sim:thermostat:living",
                channels: [("power", nil), ("setpoint", nil), ("temperature", nil)])
            let token = home.host.accessToken
            let setpoint = try TestServer.item(device, channel: "setpoint")["id"]!
            let reading = try TestServer.item(device, channel: "temperature")["id"]!
            let power = try TestServer.item(device, channel: "power")["id"]!
            try await home.control(.DELETE, "/requests")

            let tooWarm = try await server.send(.POST, "/home/properties", json: ["itemId": setpoint, "state": 40], token: token).problem(
                .unprocessableEntity)
            #expect((tooWarm["errors"] as? [[String: Any]])?.first?["field"] as? String == "state", "the field as the request spells it")
            try await server.send(.POST, "/home/properties", json: ["itemId": setpoint, "state": "warm"], token: token).problem(.unprocessableEntity)
            try await server.send(.POST, "/home/properties", json: ["itemId": power, "state": "MAYBE"], token: token).problem(.unprocessableEntity)
            try await server.send(.POST, "/home/properties", json: ["itemId": reading, "state": 20], token: token).problem(.unprocessableEntity)
            let notSwitch = try await server.send(.POST, "/home/switch/\(setpoint)", token: token).problem(.unprocessableEntity)
            #expect((notSwitch["errors"] as? [[String: Any]])?.first?["field"] as? String == "itemId")
            try await server.send(.POST, "/home/properties", json: ["itemId": UUID().uuidString.lowercased(), "state": "ON"], token: token).problem(
                .notFound)
            let commands = try await home.receivedRequests().filter { $0.method == "POST" }
            #expect(commands.isEmpty, "no invalid command may reach the hub: \(commands.map(\.uri))")

            // A value is taken whole or refused: nothing after the number is dropped.
            for value in ["22;DROP", "22abc", "22 K", "22 mK", "22 °C junk", "22.5.1", "", "1e1", "22 °C 5"] {
                let refused = try await server.send(.POST, "/home/properties", json: ["itemId": setpoint, "state": value], token: token)
                    .problem(.unprocessableEntity)
                #expect((refused["errors"] as? [[String: Any]])?.first?["field"] as? String == "state", "\(value): \(refused)")
            }
            #expect(try await home.receivedRequests().filter { $0.method == "POST" }.isEmpty)

            let lowercase = try await server.send(.POST, "/home/properties", json: ["itemId": power, "state": "on"], token: token)
            #expect(try lowercase.json["state"] as? String == "ON")
            // The decimal comma, the units people write, and Fahrenheit converted: what reaches the hub is exact.
            for (value, sent) in [("22,5", "22.5 °C"), ("21.5 °C", "21.5 °C"), ("71.6 °F", "22 °C"), ("295.15 K", "22 °C"), ("23", "23 °C")] {
                try await home.control(.DELETE, "/requests")
                let set = try await server.send(.POST, "/home/properties", json: ["itemId": setpoint, "state": value], token: token)
                #expect(set.status == .ok, "\(value): \(set.text)")
                let bodies = try await home.receivedRequests().filter { $0.method == "POST" }.map(\.body)
                #expect(bodies == [sent], "\(value) reached the hub as \(bodies)")
            }
        }
    }

    @Test func channelsMustFitTheDeviceType() async throws {
        try await TestServer.withHome { server, home in
            let wrongType = try await server.createDevice(
                in: home, type: "heating", name: "Door heater", thing: "sim:smartlock:front", channels: [("door", nil)], expect: .unprocessableEntity)
            #expect((wrongType["errors"] as? [[String: Any]])?.first?["field"] as? String == "properties[0].channelUID")
            try await server.createDevice(
                in: home, type: "lock", name: "Ghost", thing: "sim:smartlock:front", channels: [("nope", nil)], expect: .unprocessableEntity)
            try await server.createDevice(
                in: home, type: "lock", name: "Sensor only", thing: "sim:smartlock:front", channels: [("door", nil)], expect: .unprocessableEntity)
            try await server.createDevice(
                in: home, type: "heating", name: "Bad start", thing: "sim:thermostat:living", channels: [("power", "MAYBE")],
                expect: .unprocessableEntity)
            try await server.createDevice(
                in: home, type: "heating", name: "Nowhere", thing: "sim:thermostat:attic", channels: [("power", nil)], expect: .unprocessableEntity)
            try await server.createDevice(
                in: home, type: "toaster", name: "Toast", thing: "sim:thermostat:living", channels: [("power", nil)], expect: .unprocessableEntity)
            #expect(try await home.smartCouchItems().isEmpty)
            try await expectNoDevices(server)
        }
    }

    /// A failure at any step of creating a device leaves nothing behind, in the hub or the database.
    @Test(arguments: [
        (#"{"failStatus": 500, "pathPattern": "^/rest/items/sc_.*setpoint", "method": "PUT"}"#, 502),
        (#"{"failStatus": 500, "pathPattern": "^/rest/links/sc_.*setpoint", "method": "PUT"}"#, 502),
        (#"{"failStatus": 400, "pathPattern": "^/rest/items/sc_.*setpoint", "method": "POST"}"#, 502),
        (#"{"latencyMs": 30000, "pathPattern": "^/rest/links/sc_.*setpoint", "method": "PUT"}"#, 504)
    ])
    func aFailingStepUndoesTheWholeDevice(fault: String, status: Int) async throws {
        // Only the timeout case shortens the hub timeout: the whole suite runs in parallel on two cores,
        // so any of the saga's hub calls may be slow by itself, and a 502 case must not turn into a 504.
        // The client waits long enough for a loaded machine: the answer's status is the test, not its speed.
        try await TestServer.withHome({
            TestServer.operators(&$0)
            if status == 504 { $0.hubTimeout = .seconds(8) }
        }) { server, home in
            try await home.control(.PUT, "/faults", fault)
            let response = try await server.addHeater(in: home, timeout: .seconds(120))
            try response.problem(HTTPResponseStatus(statusCode: status))
            try await home.control(.DELETE, "/faults")
            try await expectNoDevices(server)
            if status == 504 {
                // The link the hub made after the creation gave up is taken off at the cleanup's second look.
                server.clock.advance(by: 61)
                try await eventually("the hub holds nothing of the device") {
                    _ = try await server.runJob("hub-cleanup")
                    let (items, links) = (try await home.smartCouchItems(), try await home.smartCouchLinks())
                    return items.isEmpty && links.isEmpty
                }
            }
            #expect(try await home.smartCouchLinks().isEmpty)
            #expect(try await home.smartCouchItems().isEmpty)
        }
    }

    @Test func aNewDevicesInitialStatesTakeTheCommandPathAsTheHosts() async throws {
        try await TestServer.withHome { server, home in
            let device = try await server.createDevice(
                in: home, type: "heating", name: "Heater", thing: "sim:thermostat:living", channels: [("power", "ON"), ("setpoint", 21)])
            let commands = try await home.receivedRequests().filter { $0.method == "POST" && $0.uri.hasPrefix("/rest/items/sc_") }
            #expect(commands.map(\.body).sorted() == ["21 °C", "ON"], "each initial state was sent to its item once")

            let log = try #require(
                try await server.send(.GET, "/home/log/\(home.couchId)", token: home.host.accessToken).json["items"] as? [[String: Any]])
            let initial = log.filter { $0["detail"] as? String == "the initial state of a new device" }
            #expect(initial.compactMap { $0["value"] as? String }.sorted() == ["21 °C", "ON"])
            #expect(initial.allSatisfy { $0["action"] as? String == "set" && $0["outcome"] as? String == "ok" })
            #expect(initial.allSatisfy { $0["actorId"] as? String == home.host.id.uuidString.lowercased() }, "the host who made the device")
            let items = try #require(device["items"] as? [[String: Any]]).compactMap { $0["itemName"] as? String }
            #expect(Set(initial.compactMap { $0["itemName"] as? String }) == Set(items))
        }
    }

    @Test func aDeviceDeletedWhileItIsBeingMadeIsA404NotACrash() async throws {
        try await TestServer.withHome { server, home in
            // The race, made certain: once the creation is logged (after the device's row is
            // committed, before it is read back), the couch's devices go, as a delete takes them (the
            // delete, not the creation, then takes their items out of the hub).
            try await server.database.client.query(
                """
                CREATE FUNCTION delete_new_devices() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN DELETE FROM devices WHERE couch_id = NEW.couch_id; RETURN NEW; END $$
                """)
            try await server.database.client.query(
                """
                CREATE TRIGGER delete_new_devices AFTER INSERT ON access_log
                FOR EACH ROW WHEN (NEW.action = 'create device') EXECUTE FUNCTION delete_new_devices()
                """)
            let response = try await server.send(
                .POST, "/home/items",
                json: [
                    "couchId": home.couchId.uuidString.lowercased(), "name": "Heater", "type": "heating", "thingUID": "sim:thermostat:living",
                    "properties": [["channelUID": "sim:thermostat:living:power"]]
                ], token: home.host.accessToken)
            let problem = try response.problem(.notFound)
            #expect(problem["detail"] as? String == "the device was deleted while it was being made")
            try await expectNoDevices(server)
            #expect(try await server.send(.GET, "/health").status == .ok, "the server is still there")
        }
    }

    @Test func deletingADeviceRemovesItsItemsAndLinks() async throws {
        try await TestServer.withHome { server, home in
            let device = try await server.createDevice(
                in: home, type: "cooling", name: "Bedroom AC", thing: "sim:airconditioner:bedroom", channels: [("power", nil), ("setpoint", 24)])
            let stranger = try await server.register("Stranger")
            try await server.send(.DELETE, "/home/items/\(device["id"] as! String)", token: stranger.accessToken).problem(.forbidden)
            #expect(try await home.smartCouchItems().count == 2)

            #expect(try await server.send(.DELETE, "/home/items/\(device["id"] as! String)", token: home.host.accessToken).status == .noContent)
            #expect(try await home.smartCouchItems().isEmpty)
            #expect(try await home.smartCouchLinks().isEmpty)
            try await expectNoDevices(server)
            try await server.send(.GET, "/home/item/\(device["id"] as! String)", token: home.host.accessToken).problem(.notFound)
        }
    }

    @Test func anUnreachableHubStillListsDevices() async throws {
        try await TestServer.withHome { server, home in
            let device = try await server.createDevice(
                in: home, type: "heating", name: "Heater", thing: "sim:thermostat:living", channels: [("power", nil)])
            try await home.simulator.stopAccepting()
            let listed = try await server.send(.GET, "/home/items/\(home.couchId)", token: home.host.accessToken)
            #expect(listed.status == .ok)
            let devices = try listed.jsonArray
            #expect(devices.first?["reachable"] as? Bool == false)
            #expect(try TestServer.item(devices[0], channel: "power").typed(as: Schemas.DeviceItem.self).state == nil)
            let power = try TestServer.item(device, channel: "power")["id"] as! String
            try await server.send(.POST, "/home/switch/\(power)", token: home.host.accessToken).problem(.badGateway)
        }
    }

    @Test func aSlowHubTimesOutWhileTheServerKeepsServing() async throws {
        // Setting the device up takes several hub calls, each within the timeout even on a busy machine.
        try await TestServer.withHome({ $0.hubTimeout = .seconds(8) }) { server, home in
            let device = try await server.createDevice(
                in: home, type: "heating", name: "Heater", thing: "sim:thermostat:living", channels: [("power", nil)])
            let power = try TestServer.item(device, channel: "power")["id"] as! String
            try await home.control(.PUT, "/faults", #"{"latencyMs": 60000, "pathPattern": "^/rest/items/sc_"}"#)
            let started = ContinuousClock.now
            async let slow = server.send(.POST, "/home/switch/\(power)", token: home.host.accessToken)
            // Meanwhile other requests are answered at once.
            for _ in 1...5 { #expect(try await server.send(.GET, "/health").status == .ok) }
            try await slow.problem(.gatewayTimeout)
            #expect(ContinuousClock.now - started < .seconds(30), "the timeout, not the hub, decides how long a caller waits")
            let log = try await server.send(.GET, "/home/log/\(home.couchId)", token: home.host.accessToken).json
            let entry = try #require((log["items"] as? [[String: Any]])?.first)
            #expect(entry["action"] as? String == "switch")
            #expect(entry["outcome"] as? String == "failed")
        }
    }

    @Test func aDeviceRequestIsBoundedAsAWholeNotPerHubCall() async throws {
        try await TestServer.withHome({
            $0.hubTimeout = .seconds(8)
            $0.commandConfirmation = .milliseconds(500)
        }) { server, home in
            let device = try await server.createDevice(
                in: home, type: "heating", name: "Heater", thing: "sim:thermostat:living", channels: [("power", nil)])
            let power = try TestServer.item(device, channel: "power")["id"] as! String
            // A toggle reads the state, then sends: each call alone fits in 8 s, both together do not.
            // The send runs out of time on its way, so it may still land: sent, its result unknown.
            try await home.control(.PUT, "/faults", #"{"latencyMs": 5000, "pathPattern": "^/rest/items/sc_"}"#)
            let sent = try await server.send(.POST, "/home/switch/\(power)", token: home.host.accessToken)
            #expect(sent.status == .accepted, "\(sent.text)")
            let log = try await server.send(.GET, "/home/log/\(home.couchId)", token: home.host.accessToken).json
            let entry = try #require((log["items"] as? [[String: Any]])?.first)
            #expect(
                entry["outcome"] as? String == "unconfirmed" && (entry["detail"] as? String)?.hasPrefix("sent, result unknown") == true, "\(entry)")
        }
    }

    private func expectNoDevices(_ server: TestServer) async throws {
        let rows = try await server.database.client.query("SELECT (SELECT count(*) FROM devices) + (SELECT count(*) FROM device_items)")
        #expect(try await rows.decode(Int.self).only() == 0)
    }
}
