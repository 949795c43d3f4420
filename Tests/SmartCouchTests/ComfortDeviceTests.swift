import Foundation
import NIOHTTP1
import OpenHABSimulator
import PostgresNIO
import SmartCouchBootstrap
import SmartCouchServices
import TestSupport
import Testing

/// Lights, blinds and sensors, and the rooms devices are in, end to end against the simulator's
/// lamp, roller shutter, window contact and room sensor.
@Suite struct ComfortDeviceTests {
    static let lamp = "sim:dimmablelamp:living"
    static let shutter = "sim:rollershutter:bedroom"
    static let window = "sim:windowcontact:bedroom"
    static let roomSensor = "sim:roomsensor:bathroom"

    private static func withComfortHome(
        shutterTravel: Duration = .seconds(1), _ adjust: (inout Settings) -> Void = { _ in }, _ body: (TestServer, Home) async throws -> Void
    ) async throws {
        try await TestServer.withHome(things: SimulatorConfiguration.Thing.comfort, shutterTravel: shutterTravel, adjust, body)
    }

    /// The server listens to the hub's event stream at a test's pace.
    private static func listening(_ configuration: inout Settings) {
        configuration.hubEvents = HubEventSettings(
            enabled: true, rescan: .milliseconds(250), leaseTimeout: .seconds(5), idleTimeout: .seconds(3), firstRetry: .milliseconds(100),
            lastRetry: .seconds(1))
    }

    /// Waits until the server watches the couch's devices and its stream from the hub is open, so
    /// that it hears every report from now on.
    private static func heard(_ server: TestServer, _ home: Home) async throws {
        try await server.hubEventsRescanned()
        try await eventually("the server listens to the hub") { try await home.simulator.eventStreams() == 1 }
    }

    /// The commands that reached SmartCouch's items on the hub since its journal was last cleared.
    private static func hubCommands(_ home: Home) async throws -> [String] {
        try await home.receivedRequests().filter { $0.method == "POST" && $0.uri.hasPrefix("/rest/items/sc_") }.map(\.body)
    }

    /// Every state of an item the server recorded from the hub's event stream, oldest first.
    private static func recordedStates(_ server: TestServer, item: String) async throws -> [String] {
        let rows = try await server.database.client.query(
            """
            SELECT data->>'state' FROM events WHERE type = 'device.state_changed' AND data->>'itemName' = \(item) ORDER BY outbox_id
            """)
        var states: [String] = []
        for try await state in rows.decode(String.self) { states.append(state) }
        return states
    }

    private static func field(_ problem: [String: Any]) -> String? {
        (problem["errors"] as? [[String: Any]])?.first?["field"] as? String
    }

    @Test func theWizardOffersLightsBlindsAndSensors() async throws {
        try await Self.withComfortHome { server, home in
            let token = home.host.accessToken
            let types = try await server.send(.GET, "/home/types", token: token)
            #expect(
                try JSONSerialization.jsonObject(with: types.body) as? [String] == [
                    "heating", "cooling", "weatherWatcher", "lock", "light", "blinds", "sensor"
                ])
            let offers: [(String, Set<String>, Set<String>)] = [
                ("light", ["Switch", "Dimmer"], ["\(Self.lamp):power", "\(Self.lamp):brightness"]),
                ("blinds", ["Rollershutter"], ["\(Self.shutter):position"]),
                (
                    "sensor", ["Contact", "Number:Temperature", "Number:Dimensionless"],
                    ["\(Self.window):contact", "\(Self.roomSensor):temperature", "\(Self.roomSensor):humidity"]
                )
            ]
            for (type, itemTypes, channels) in offers {
                let offered = try await server.send(.GET, "/home/types/properties/\(type)?couchId=\(home.couchId)", token: token).jsonArray
                #expect(Set(offered.compactMap { $0["itemType"] as? String }) == itemTypes, "\(type)")
                #expect(Set(offered.compactMap { $0["channelUID"] as? String }) == channels, "\(type)")
            }
        }
    }

    /// Guests, stay links and automations are held back from locks by the device's type, so a
    /// door's lock channel makes a lock device and nothing else, nor is it offered for one.
    @Test func aDoorsLockIsNeverMadeALightOrAHeater() async throws {
        try await TestServer.withHome(things: SimulatorConfiguration.Thing.demo + SimulatorConfiguration.Thing.comfort) { server, home in
            let token = home.host.accessToken
            for (type, thing) in [("light", "sim:smartlock:front"), ("heating", "sim:keypadlock:entrance")] {
                let refused = try await server.createDevice(
                    in: home, type: type, name: "Not a lock", thing: thing, channels: [("lock", nil)], expect: .unprocessableEntity)
                #expect(Self.field(refused) == "properties[0].channelUID", "\(refused)")
                let offered = try await server.send(.GET, "/home/types/properties/\(type)?couchId=\(home.couchId)", token: token).jsonArray
                #expect(!offered.contains { ($0["channelUID"] as? String)?.hasSuffix(":lock") == true }, "\(type): \(offered)")
            }
            let devices = try await server.send(.GET, "/home/items/\(home.couchId)", token: token).jsonArray
            #expect(devices.isEmpty, "\(devices)")
            _ = try await server.createDevice(in: home, type: "lock", name: "Front door", thing: "sim:smartlock:front", channels: [("lock", nil)])
        }
    }

    @Test func aLightIsSwitchedAndDimmedExactly() async throws {
        try await Self.withComfortHome { server, home in
            let token = home.host.accessToken
            let lamp = try await server.createDevice(
                in: home, type: "light", name: "Reading lamp", thing: Self.lamp, channels: [("brightness", nil), ("power", nil)])
            let power = try TestServer.item(lamp, channel: "power")
            let brightness = try TestServer.item(lamp, channel: "brightness")
            #expect(lamp["mainItemId"] as? String == power["id"] as? String, "the power switch, though the dimmer was chosen first")
            let powerName = try #require(power["itemName"] as? String)
            let brightnessName = try #require(brightness["itemName"] as? String)
            func lampAtHub() async throws -> [String] {
                [try await home.hub.state(of: .init(powerName)).rawValue, try await home.hub.state(of: .init(brightnessName)).rawValue]
            }

            // (the value set, what reaches the hub, the lamp's power and brightness after)
            let levels: [(Any, String, [String])] = [
                ("42", "42", ["ON", "42"]), ("off", "OFF", ["OFF", "0"]), ("On", "ON", ["ON", "100"]), ("12,5", "12.5", ["ON", "12.5"]),
                ("50%", "50", ["ON", "50"]), (70, "70", ["ON", "70"]), ("0", "0", ["OFF", "0"])
            ]
            for (value, sent, after) in levels {
                try await home.control(.DELETE, "/requests")
                let set = try await server.send(.POST, "/home/properties", json: ["itemId": brightness["id"]!, "state": value], token: token)
                #expect(set.status == .ok, "\(value): \(set.text)")
                #expect(try set.json["state"] as? String == after[1], "\(value)")
                #expect(try await Self.hubCommands(home) == [sent], "\(value)")
                #expect(try await lampAtHub() == after, "\(value)")
            }

            // The main switch flips the lamp, and so does its dimmer, from its level.
            for (item, state, after) in [(power, "ON", ["ON", "100"]), (brightness, "0", ["OFF", "0"]), (brightness, "100", ["ON", "100"])] {
                let toggled = try await server.send(.POST, "/home/switch/\(item["id"] as! String)", token: token)
                #expect(toggled.status == .ok, "\(toggled.text)")
                #expect(try toggled.json["state"] as? String == state)
                #expect(try await lampAtHub() == after)
            }

            try await home.control(.DELETE, "/requests")
            let refusedValues: [Any] = ["101", "-1", "HALF", "50 percent", "%50", "50%%", "", "1e1", "UP", "INCREASE", 101, -1, 100.5]
            for value in refusedValues {
                let refused = try await server.send(.POST, "/home/properties", json: ["itemId": brightness["id"]!, "state": value], token: token)
                    .problem(.unprocessableEntity)
                #expect(Self.field(refused) == "state", "\(value): \(refused)")
            }
            #expect(try await Self.hubCommands(home).isEmpty, "no refused value reached the hub")
            #expect(try await lampAtHub() == ["ON", "100"])

            // A lamp that only dims is switched by its dimmer, and takes an initial level.
            let nightLight = try await server.createDevice(
                in: home, type: "light", name: "Night light", thing: Self.lamp, channels: [("brightness", 30)])
            let dimmer = try TestServer.item(nightLight, channel: "brightness")["id"] as? String
            #expect(nightLight["mainItemId"] as? String == dimmer)
            try await eventually("the initial level reaches the lamp") { try await lampAtHub() == ["ON", "30"] }
        }
    }

    /// The bedroom's roller shutter as blinds; the device, and its position item's id and name.
    static func bedroomBlinds(_ server: TestServer, _ home: Home) async throws -> (device: [String: Any], id: String, name: String) {
        let blinds = try await server.createDevice(
            in: home, type: "blinds", name: "Bedroom blinds", thing: Self.shutter, channels: [("position", nil)])
        let position = try TestServer.item(blinds, channel: "position")
        return (blinds, try #require(position["id"] as? String), try #require(position["itemName"] as? String))
    }

    @Test func blindsMoveOverTimeAndTheServerFollowsEveryStep() async throws {
        try await Self.withComfortHome(Self.listening) { server, home in
            let token = home.host.accessToken
            let (blinds, id, name) = try await Self.bedroomBlinds(server, home)
            #expect(blinds["mainItemId"] as? String == id)
            try await Self.heard(server, home)

            // (the value set, what reaches the hub, where the shutter ends: each answered once it is there)
            for (value, sent, end) in [("down", "DOWN", "100"), ("35", "35", "35"), ("Up", "UP", "0"), ("UP", "UP", "0")] {
                try await home.control(.DELETE, "/requests")
                let set = try await server.send(.POST, "/home/properties", json: ["itemId": id, "state": value], token: token)
                #expect(set.status == .ok, "\(value): \(set.text)")
                #expect(try set.json["state"] as? String == end, "\(value)")
                #expect(try await Self.hubCommands(home) == [sent], "\(value)")
            }
            let steps = ["10", "20", "30", "40", "50", "60", "70", "80", "90", "100", "90", "80", "70", "60", "50", "40", "35", "25", "15", "5", "0"]
            try await eventually("the server heard every step of the way") {
                // The position the hub reported when the item was linked may come first.
                Array(try await Self.recordedStates(server, item: name).drop { $0 == "0" }) == steps
            }
            let stored = try await server.send(.GET, "/home/item/\(blinds["id"] as! String)", token: token).json
            #expect(try TestServer.item(stored, channel: "position")["lastState"] as? String == "0")

            // Toggled, open blinds close and closed ones open.
            for end in ["100", "0"] {
                let toggled = try await server.send(.POST, "/home/switch/\(id)", token: token)
                #expect(toggled.status == .ok, "\(toggled.text)")
                #expect(try toggled.json["state"] as? String == end)
            }

            try await home.control(.DELETE, "/requests")
            for value in ["101", "-1", "HALF", "OPEN", "MOVE", "ON", "50 °C"] {
                let refused = try await server.send(.POST, "/home/properties", json: ["itemId": id, "state": value], token: token).problem(
                    .unprocessableEntity)
                #expect(Self.field(refused) == "state", "\(value): \(refused)")
            }
            #expect(try await Self.hubCommands(home).isEmpty)
            #expect(try await home.hub.state(of: .init(name)).rawValue == "0")
        }
    }

    @Test func stopHaltsBlindsWhereTheyAre() async throws {
        // A slow shutter, and a server that stops waiting for it sooner than it arrives. The hub
        // itself may answer as late as a loaded machine makes it: its answer is not the test.
        try await Self.withComfortHome(
            shutterTravel: .seconds(10),
            {
                Self.listening(&$0)
                $0.commandConfirmation = .milliseconds(300)
                $0.hubTimeout = .seconds(60)
            }
        ) { server, home in
            let token = home.host.accessToken
            let (blinds, id, name) = try await Self.bedroomBlinds(server, home)
            try await Self.heard(server, home)

            let down = try await server.send(.POST, "/home/properties", json: ["itemId": id, "state": "DOWN"], token: token, timeout: .seconds(120))
            #expect(down.status == .accepted, "sent, and still on its way: \(down.text)")
            try await eventually("the shutter is on its way") { try await home.hub.state(of: .init(name)).rawValue != "0" }
            let stop = try await server.send(.POST, "/home/properties", json: ["itemId": id, "state": "stop"], token: token, timeout: .seconds(120))
            #expect(stop.status == .ok, "\(stop.text)")
            let halted = try #require(try stop.json["state"] as? String)
            #expect(!["0", "100"].contains(halted))
            try await home.simulator.shuttersStepped()
            #expect(try await home.hub.state(of: .init(name)).rawValue == halted, "it stays where it halted")
            try await eventually("the server knows where it halted") {
                let stored = try await server.send(.GET, "/home/item/\(blinds["id"] as! String)", token: token).json
                return try TestServer.item(stored, channel: "position")["lastState"] as? String == halted
            }
        }
    }

    @Test func aSensorReportsAndRefusesEveryCommand() async throws {
        try await Self.withComfortHome(Self.listening) { server, home in
            let token = home.host.accessToken
            let primed = try await server.createDevice(
                in: home, type: "sensor", name: "Window", thing: Self.window, channels: [("contact", "OPEN")], expect: .unprocessableEntity)
            #expect(Self.field(primed) == "properties[0].initialState")
            let window = try await server.createDevice(
                in: home, type: "sensor", name: "Bedroom window", thing: Self.window, channels: [("contact", nil)])
            let climate = try await server.createDevice(
                in: home, type: "sensor", name: "Bathroom climate", thing: Self.roomSensor, channels: [("temperature", nil), ("humidity", nil)])
            #expect(try window.typed(as: Schemas.Device.self).mainItemId == nil, "a sensor has nothing to switch")
            #expect(try climate.typed(as: Schemas.Device.self).mainItemId == nil, "a sensor has nothing to switch")
            let contact = try #require(try TestServer.item(window, channel: "contact")["id"] as? String)
            let humidity = try #require(try TestServer.item(climate, channel: "humidity")["id"] as? String)
            let temperature = try #require(try TestServer.item(climate, channel: "temperature")["id"] as? String)

            try await home.control(.DELETE, "/requests")
            let commands: [(String, Any)] = [(contact, "OPEN"), (contact, "CLOSED"), (humidity, "50"), (humidity, 50), (temperature, "21")]
            for (item, value) in commands {
                let refused = try await server.send(.POST, "/home/properties", json: ["itemId": item, "state": value], token: token).problem(
                    .unprocessableEntity)
                #expect(Self.field(refused) == "itemId", "\(value): \(refused)")
            }
            for item in [contact, humidity, temperature] {
                let refused = try await server.send(.POST, "/home/switch/\(item)", token: token).problem(.unprocessableEntity)
                #expect(Self.field(refused) == "itemId")
            }
            let asked = try await home.receivedRequests().filter { $0.uri.hasPrefix("/rest/items/sc_") }
            #expect(asked.isEmpty, "nothing reached the hub: \(asked.map(\.uri))")

            // What the world does to the sensors reaches the server.
            try await Self.heard(server, home)
            try await home.control(.PUT, "/things/\(Self.window)/channels/contact/state", #"{"state": "OPEN"}"#)
            try await home.control(.PUT, "/things/\(Self.roomSensor)/channels/humidity/state", #"{"state": "61 %"}"#)
            try await eventually("the server hears the sensors") {
                let devices = try await server.send(.GET, "/home/items/\(home.couchId)", token: token).jsonArray
                let items = devices.flatMap { $0["items"] as? [[String: Any]] ?? [] }
                func last(_ id: String) -> String? { items.first { $0["id"] as? String == id }?["lastState"] as? String }
                return last(contact) == "OPEN" && last(humidity) == "61 %"
            }
            let read = try await server.send(.GET, "/home/item/\(window["id"] as! String)", token: token).json
            #expect(try TestServer.item(read, channel: "contact")["state"] as? String == "OPEN")
        }
    }

    @Test func roomsAreReturnedAndFilterTheDevicesTheCallerMaySee() async throws {
        try await Self.withComfortHome(TestServer.tokensOutlivingTheClock) { server, home in
            // A stay in progress: today's check-in was at 15:00.
            server.moveClock(toNext: 16)
            let token = home.host.accessToken
            let couch = home.couchId.uuidString.lowercased()
            let lamp = try await server.createDevice(
                in: home, type: "light", name: "Lamp", thing: Self.lamp, channels: [("power", nil)], extra: ["room": "  Living room \t"])
            let blinds = try await server.createDevice(
                in: home, type: "blinds", name: "Blinds", thing: Self.shutter, channels: [("position", nil)],
                extra: ["room": "Bedroom", "guestControllable": false])
            _ = try await server.createDevice(
                in: home, type: "sensor", name: "Window", thing: Self.window, channels: [("contact", nil)], extra: ["room": "bedroom"])
            let sensor = try await server.createDevice(
                in: home, type: "sensor", name: "Climate", thing: Self.roomSensor, channels: [("humidity", nil)])
            #expect(lamp["room"] as? String == "Living room", "trimmed")
            #expect(blinds["room"] as? String == "Bedroom")
            #expect(try sensor.typed(as: Schemas.Device.self).room == nil, "no room")
            #expect(try await server.send(.GET, "/home/item/\(lamp["id"] as! String)", token: token).json["room"] as? String == "Living room")

            func names(_ query: String, _ token: String) async throws -> [String] {
                let response = try await server.send(.GET, "/home/items/\(couch)\(query)", token: token)
                #expect(response.status == .ok, "\(query): \(response.text)")
                return try response.jsonArray.compactMap { $0["name"] as? String }.sorted()
            }
            #expect(try await names("?room=living%20room", token) == ["Lamp"])
            #expect(try await names("?room=BEDROOM", token) == ["Blinds", "Window"])
            #expect(try await names("?room=%20Bedroom%09", token) == ["Blinds", "Window"])
            #expect(try await names("?room=Attic", token) == [])
            #expect(try await names("", token) == ["Blinds", "Climate", "Lamp", "Window"])

            for room in ["", "   ", String(repeating: "x", count: 61), "Kitchen\nDoor", "Tab\there", "Bell\u{7}", "Next\u{85}line"] {
                let refused = try await server.createDevice(
                    in: home, type: "light", name: "Bad", thing: Self.lamp, channels: [("power", nil)], extra: ["room": room],
                    expect: .unprocessableEntity)
                #expect(Self.field(refused) == "room", "\(room.debugDescription): \(refused)")
            }
            for query in ["?room=", "?room=%20%20", "?room=" + String(repeating: "x", count: 61), "?room=a%0Ab", "?room=a%7Fb"] {
                let refused = try await server.send(.GET, "/home/items/\(couch)\(query)", token: token).problem(.unprocessableEntity)
                #expect(Self.field(refused) == "room", "\(query)")
            }
            let longest = String(repeating: "ü", count: 60)
            let attic = try await server.createDevice(
                in: home, type: "light", name: "Attic lamp", thing: Self.lamp, channels: [("power", nil)], extra: ["room": longest])
            #expect(attic["room"] as? String == longest)
            #expect(try await names("?room=\(String(repeating: "%C3%9C", count: 60))", token) == ["Attic lamp"])

            // A guest in their stay filters the devices they may use; nobody else filters anything.
            let guest = try await server.register("Guest")
            _ = try await server.book(guest, home.couchId, from: 0, to: 2)
            #expect(try await names("?room=bedroom", guest.accessToken) == ["Window"], "the blinds are the host's alone")
            let stranger = try await server.register("Stranger")
            let otherHost = try await server.register("Other host")
            let otherCouch = try await server.createCouch(by: otherHost)
            let otherGuest = try await server.register("Other guest")
            _ = try await server.book(otherGuest, otherCouch, from: 0, to: 2)
            for caller in [stranger, otherGuest] {
                for query in ["", "?room=Bedroom", "?room="] {
                    try await server.send(.GET, "/home/items/\(couch)\(query)", token: caller.accessToken).problem(.forbidden)
                }
            }
        }
    }
}
