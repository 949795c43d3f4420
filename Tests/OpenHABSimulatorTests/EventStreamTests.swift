import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// §10.8: SSE framing, the double-encoded payload, whole-topic filters, alive pings.
@Suite("Event stream")
struct EventStreamTests {
    private static let lampHub = SimulatorConfiguration.testing(items: [.init(name: "Lamp", type: "Switch", state: "OFF")])

    @Test func framesAreServerSentEventsWithAStringPayload() async throws {
        try await withSimulator(Self.lampHub) { wire, _ throws in
            let events = try await EventStream.open(wire, topics: "openhab/items/Lamp/command")
            #expect(events.status == 200)
            #expect(events.headers.first(name: "Content-Type") == "text/event-stream")
            #expect(try await wire.command("Lamp", "ON").status == 200)
            _ = try await events.messages(1)
            let expected =
                #"event: message\#ndata: {"payload":"{\"type\":\"OnOff\",\"value\":\"ON\"}","topic":"openhab/items/Lamp/command","type":"ItemCommandEvent"}\#n\#n"#
            #expect(events.raw.hasSuffix(expected))
        }
    }

    @Test func topicsMatchWholeWithStarsCrossingSlashes() async throws {
        try await withSimulator(Self.lampHub) { wire, _ throws in
            // `openhab/items/Lamp` names no topic; `openhab/*/statechanged` spans two levels.
            let events = try await EventStream.open(wire, topics: "openhab/items/Lamp, openhab/*/statechanged")
            #expect(try await wire.command("Lamp", "ON").status == 200)
            let first = try await events.messages(1)
            #expect(first.map { $0.message?.topic } == ["openhab/items/Lamp/statechanged"])
        }
    }

    @Test(arguments: ["openhab/items/.*", "openhab/items/Lamp?", "openhab/(items)/*", "openhab/items/Lamp/state;"])
    func topicsWithOtherCharactersAreAnEmpty400(topics: String) async throws {
        try await withSimulator { wire, _ throws in
            let events = try await EventStream.open(wire, topics: topics)
            #expect(events.status == 400)
            #expect(try await events.next() == nil)
        }
    }

    @Test func aliveIsSentAtTheConfiguredInterval() async throws {
        try await withSimulator { wire, _ throws in
            let events = try await EventStream.open(wire)
            let frame = try await events.next()
            #expect(frame == Frame(event: "alive", data: #"{"interval":1,"type":"ALIVE"}"#))
        }
    }

    /// The payloads carry the previous update's and change's times as Java's ZonedDateTime writes them, in
    /// the hub's zone; the items resource has the same moments in epoch milliseconds.
    @Test func itemEventsCarryTheirTimesAsOpenHABWritesThem() async throws {
        try await withSimulator(Self.lampHub) { wire, _ throws in
            #expect(try await wire.setState("Lamp", "ON").status == 202)
            let before = try await wire.get("/rest/items/Lamp").object()
            let (updated, changed) = (try #require(before["lastStateUpdate"] as? Int), try #require(before["lastStateChange"] as? Int))
            let events = try await EventStream.open(wire, topics: "openhab/items/Lamp/stateupdated, openhab/items/Lamp/statechanged")
            #expect(try await wire.setState("Lamp", "OFF").status == 202)
            let payloads = try await events.messages(2).compactMap { $0.message?.payload as? [String: String] }
            #expect(payloads.count == 2, "every value is a text")
            for payload in payloads {
                #expect(try Self.epochMilliseconds(try #require(payload["lastStateUpdate"])) == updated, "\(payload)")
            }
            #expect(try Self.epochMilliseconds(try #require(payloads.last?["lastStateChange"])) == changed)
        }
    }

    /// `2026-11-27T18:35:25.902+01:00[Europe/Berlin]`; Java leaves out `:00` seconds when there is no fraction.
    private static func epochMilliseconds(_ text: String) throws -> Int {
        let pattern = /^(\d{4}-\d\d-\d\dT\d\d:\d\d)(:\d\d)?(\.\d{3})?([+-]\d\d:\d\d|Z)\[Europe\/Berlin\]$/
        let match = try #require(text.wholeMatch(of: pattern), "\(text)")
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let iso = "\(match.1)\(match.2 ?? ":00")\(match.3 ?? ".000")\(match.4)"
        let date = try #require(formatter.date(from: iso), "\(iso)")
        return Int((date.timeIntervalSince1970 * 1000).rounded())
    }

    @Test func thingStatusChangesAreAnnounced() async throws {
        try await withSimulator { wire, _ throws in
            let events = try await EventStream.open(wire, topics: "openhab/things/*")
            try await wire.control(.PUT, "things/sim:smartlock:front/status", #"{"status":"OFFLINE","statusDetail":"COMMUNICATION_ERROR"}"#)
            let frames = try await events.messages(2)
            #expect(
                frames.map { $0.message?.topic } == ["openhab/things/sim:smartlock:front/status", "openhab/things/sim:smartlock:front/statuschanged"])
            let change = try #require(frames[1].message?.payload as? [[String: String]])
            #expect(
                change == [
                    ["status": "OFFLINE", "statusDetail": "COMMUNICATION_ERROR"],
                    ["status": "ONLINE", "statusDetail": "NONE"]
                ])
        }
    }

    @Test func linksAreAnnounced() async throws {
        let configuration = SimulatorConfiguration.testing(items: [.init(name: "Door_Lock", type: "Switch")])
        try await withSimulator(configuration) { wire, _ throws in
            let events = try await EventStream.open(wire, topics: "openhab/links/*")
            #expect(try await wire.send(.PUT, "/rest/links/Door_Lock/sim:smartlock:front:lock").status == 200)
            #expect(try await wire.delete("/rest/links/Door_Lock/sim:smartlock:front:lock").status == 200)
            let frames = try await events.messages(2)
            #expect(
                frames.map { $0.message?.topic } == [
                    "openhab/links/Door_Lock-sim:smartlock:front:lock/added", "openhab/links/Door_Lock-sim:smartlock:front:lock/removed"
                ])
        }
    }

    @Test func streamEndsWhenTheSimulatorStopsAccepting() async throws {
        try await withSimulator { wire, simulator throws in
            let events = try await EventStream.open(wire, topics: "openhab/items/*")
            try await simulator.stopAccepting()
            #expect(try await events.messages(1).isEmpty, "the stream ends without further events")
        }
    }
}
