import Foundation
import OpenHABSimulator
import Testing
import TestSupport

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
            let expected = #"event: message\#ndata: {"payload":"{\"type\":\"OnOff\",\"value\":\"ON\"}","topic":"openhab/items/Lamp/command","type":"ItemCommandEvent"}\#n\#n"#
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

    @Test func thingStatusChangesAreAnnounced() async throws {
        try await withSimulator { wire, _ throws in
            let events = try await EventStream.open(wire, topics: "openhab/things/*")
            try await wire.control(.PUT, "things/sim:smartlock:front/status", #"{"status":"OFFLINE","statusDetail":"COMMUNICATION_ERROR"}"#)
            let frames = try await events.messages(2)
            #expect(frames.map { $0.message?.topic } == ["openhab/things/sim:smartlock:front/status", "openhab/things/sim:smartlock:front/statuschanged"])
            let change = try #require(frames[1].message?.payload as? [[String: String]])
            #expect(change == [
                ["status": "OFFLINE", "statusDetail": "COMMUNICATION_ERROR"],
                ["status": "ONLINE", "statusDetail": "NONE"],
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
            #expect(frames.map { $0.message?.topic } == [
                "openhab/links/Door_Lock-sim:smartlock:front:lock/added", "openhab/links/Door_Lock-sim:smartlock:front:lock/removed",
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
