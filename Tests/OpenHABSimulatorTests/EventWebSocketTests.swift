import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// The event WebSocket (`/ws`, openHAB 4.1 and later): the bus's events out through the client's
/// filters, item commands and state updates in, each request answered with its `eventId`.
@Suite("Event WebSocket")
struct EventWebSocketTests {
    private static let hub = SimulatorConfiguration.testing(items: [
        .init(name: "Lamp", type: "Switch", state: "OFF"),
        .init(name: "Temperature", type: "Number:Temperature")
    ])

    private static func open(_ simulator: OpenHABSimulator, token: String = Token.admin) async throws -> TextSocket {
        try await TextSocket.connect(port: simulator.port, path: "/ws", query: "accessToken=\(token)")
    }

    private static func object(_ text: String?) throws -> [String: Any] {
        let text = try #require(text, "the socket answered")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    /// The messages up to and including the first one `last` picks.
    private static func messages(_ socket: TextSocket, until last: ([String: Any]) -> Bool) async throws -> [[String: Any]] {
        var messages: [[String: Any]] = []
        while true {
            let message = try object(try await socket.next())
            messages.append(message)
            if last(message) { return messages }
        }
    }

    @Test func heartbeatsAndFiltersAreAnsweredWithTheirEventId() async throws {
        try await withSimulator(Self.hub) { _, simulator throws in
            let socket = try await Self.open(simulator)
            try await socket.send(#"{"type":"WebSocketEvent","topic":"openhab/websocket/heartbeat","payload":"PING","source":"test","eventId":"7"}"#)
            #expect(try await socket.next() == #"{"eventId":"7","payload":"PONG","topic":"openhab/websocket/heartbeat","type":"WebSocketEvent"}"#)
            try await socket.send(
                #"{"type":"WebSocketEvent","topic":"openhab/websocket/filter/type","payload":"[\"ItemStateChangedEvent\"]","eventId":"8"}"#)
            let echo = try Self.object(try await socket.next())
            #expect(echo["topic"] as? String == "openhab/websocket/filter/type" && echo["payload"] as? String == #"["ItemStateChangedEvent"]"#)
            #expect(echo["eventId"] as? String == "8")
        }
    }

    @Test func commandsGoOnTheBusAndOnlyFilteredEventsComeBack() async throws {
        try await withSimulator(Self.hub) { wire, simulator throws in
            let socket = try await Self.open(simulator)
            try await socket.send(
                #"{"type":"WebSocketEvent","topic":"openhab/websocket/filter/type","payload":"[\"ItemStateChangedEvent\"]","eventId":"1"}"#)
            _ = try await socket.next()
            try await socket.send(
                #"{"type":"ItemCommandEvent","topic":"openhab/items/Lamp/command","payload":"{\"type\":\"OnOff\",\"value\":\"ON\"}","source":"test","eventId":"2"}"#
            )
            // The answer and the event it set off may come in either order.
            var seen = try await Self.messages(socket) { $0["type"] as? String == "ItemStateChangedEvent" }
            if !seen.contains(where: { $0["eventId"] as? String == "2" }) { seen.append(try Self.object(try await socket.next())) }
            let answer = try #require(seen.first { $0["eventId"] as? String == "2" })
            #expect(answer["topic"] as? String == "openhab/websocket/response/success" && answer["payload"] as? String == "")
            #expect(seen.count == 2, "nothing but the answer and the change: \(seen)")
            let change = try #require(seen.first { $0["type"] as? String == "ItemStateChangedEvent" })
            #expect(change["topic"] as? String == "openhab/items/Lamp/statechanged")
            #expect(try await wire.state("Lamp") == "ON")
        }
    }

    @Test func stateUpdatesGoOnTheBus() async throws {
        try await withSimulator(Self.hub) { wire, simulator throws in
            let socket = try await Self.open(simulator)
            try await socket.send(
                #"{"type":"WebSocketEvent","topic":"openhab/websocket/filter/topic","payload":"[\"openhab/items/Temperature/*\", \"!openhab/items/*/state\"]","eventId":"1"}"#
            )
            _ = try await socket.next()
            try await socket.send(
                #"{"type":"ItemStateEvent","topic":"openhab/items/Temperature/state","payload":"{\"type\":\"Quantity\",\"value\":\"21.5 °C\"}","eventId":"2"}"#
            )
            let seen = try await Self.messages(socket) { $0["type"] as? String == "ItemStateChangedEvent" }
            let topics = seen.compactMap { $0["topic"] as? String }.filter { !$0.hasPrefix("openhab/websocket/") }
            #expect(topics == ["openhab/items/Temperature/stateupdated", "openhab/items/Temperature/statechanged"])
            #expect(try await wire.state("Temperature") == "21.5 °C")
        }
    }

    @Test(arguments: [
        (
            #"{"type":"ItemCommandEvent","topic":"openhab/items/Nope/command","payload":"{\"type\":\"OnOff\",\"value\":\"ON\"}","eventId":"3"}"#,
            "Nope"
        ),
        (
            #"{"type":"ItemCommandEvent","topic":"openhab/items/Lamp/command","payload":"{\"type\":\"OnOff\",\"value\":\"on\"}","eventId":"3"}"#,
            "Lamp"
        ),
        (
            #"{"type":"ItemCommandEvent","topic":"openhab/items/Lamp/command","payload":"{\"type\":\"Decimal\",\"value\":\"1\"}","eventId":"3"}"#,
            "Lamp"
        ),
        (#"{"type":"ItemCommandEvent","topic":"openhab/items/Lamp/state","payload":"{\"type\":\"OnOff\",\"value\":\"ON\"}","eventId":"3"}"#, "Topic"),
        (#"{"type":"ThingAddedEvent","topic":"openhab/things/x/added","payload":"{}","eventId":"3"}"#, "ThingAddedEvent")
    ])
    func refusedRequestsAreAnsweredAsFailed(request: String, named: String) async throws {
        try await withSimulator(Self.hub) { wire, simulator throws in
            let socket = try await Self.open(simulator)
            try await socket.send(request)
            let answer = try await Self.messages(socket) { $0["eventId"] as? String == "3" }.last
            #expect(answer?["topic"] as? String == "openhab/websocket/response/failed")
            let reason = try #require(answer?["payload"] as? String)
            #expect(reason.hasPrefix("Processing error: ") && reason.contains(named), "\(reason)")
            #expect(try await wire.state("Lamp") == "OFF")
        }
    }

    @Test func badTokensAreRefusedAndAnonymousIsAUser() async throws {
        try await withSimulator(Self.hub) { wire, simulator throws in
            #expect(try await wire.get("/ws?accessToken=oh.unknown").status == 403)
            let basic = Data("admin:secret".utf8).base64EncodedString()
            #expect(try await wire.get("/ws?accessToken=\(basic)").status == 403)
            let anonymous = try await TextSocket.connect(port: simulator.port, path: "/ws/events")
            try await anonymous.send(#"{"type":"WebSocketEvent","topic":"openhab/websocket/heartbeat","payload":"PING"}"#)
            #expect(try Self.object(try await anonymous.next())["payload"] as? String == "PONG")
        }
        try await withSimulator(.testing(implicitUserRole: false)) { wire, _ throws in
            #expect(try await wire.get("/ws", as: .anonymous).status == 403)
        }
    }

    @Test func theSocketClosesWhenTheHubStopsAccepting() async throws {
        try await withSimulator(Self.hub) { _, simulator throws in
            let socket = try await Self.open(simulator)
            try await simulator.stopAccepting()
            #expect(try await socket.next() == nil)
        }
    }
}
