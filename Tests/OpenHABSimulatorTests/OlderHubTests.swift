import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// A hub playing an older openHAB leaves out what that version did not have, so that clients' handling
/// of it can be tried: before 4.0 no `stateupdated` events, before 4.1 no event WebSocket, before 5.0
/// no last states and no time zone.
@Suite("Older hubs")
struct OlderHubTests {
    private static func hub(_ version: String) -> SimulatorConfiguration {
        var configuration = SimulatorConfiguration.testing(items: [.init(name: "Lamp", type: "Switch", state: "OFF")])
        configuration.version = version
        return configuration
    }

    @Test func rootReportsTheVersionAndItsRESTAPI() async throws {
        for (version, api) in [("3.1.0", "4"), ("3.4.0", "5"), ("4.0.3", "5"), ("4.1.0", "6"), ("4.2.1", "8")] {
            try await withSimulator(Self.hub(version)) { wire, _ throws in
                let root = try await wire.get("/rest/", as: .anonymous).object()
                #expect(root["version"] as? String == api, "\(version)")
                #expect((root["runtimeInfo"] as? [String: Any])?["version"] as? String == version)
                #expect(root["timezone"] == nil, "the time zone came with 5.0")
            }
        }
    }

    @Test func beforeFourAStateUpdateIsOnlyStateAndChange() async throws {
        try await withSimulator(Self.hub("3.4.0")) { wire, _ throws in
            let events = try await EventStream.open(wire, topics: "openhab/items/Lamp/*")
            #expect(try await wire.command("Lamp", "ON").status == 200)
            #expect(try await wire.command("Lamp", "ON").status == 200)
            #expect(try await wire.command("Lamp", "OFF").status == 200)
            let topics = try await events.topics { $0.hasSuffix("/statechanged") }
            #expect(
                topics == [
                    "openhab/items/Lamp/command", "openhab/items/Lamp/state", "openhab/items/Lamp/statechanged"
                ])
            let more = try await events.topics { $0.hasSuffix("/statechanged") }
            #expect(
                more == [
                    "openhab/items/Lamp/command", "openhab/items/Lamp/state",
                    "openhab/items/Lamp/command", "openhab/items/Lamp/state", "openhab/items/Lamp/statechanged"
                ], "the same state again sends no event of its own")
        }
    }

    @Test func beforeFiveItemsAndEventsCarryNoLastState() async throws {
        try await withSimulator(Self.hub("4.3.0")) { wire, _ throws in
            let events = try await EventStream.open(wire, topics: "openhab/items/Lamp/statechanged")
            #expect(try await wire.command("Lamp", "ON").status == 200)
            #expect(try await wire.command("Lamp", "OFF").status == 200)
            let changes = try await events.messages(2).compactMap { $0.message?.payload as? [String: Any] }
            #expect(changes.count == 2 && changes.allSatisfy { $0["lastStateUpdate"] == nil && $0["lastStateChange"] == nil }, "\(changes)")
            let item = try await wire.get("/rest/items/Lamp").object()
            #expect(item["lastState"] == nil && item["lastStateUpdate"] == nil && item["lastStateChange"] == nil)
        }
    }

    @Test func beforeFourPointOneThereIsNoEventWebSocket() async throws {
        try await withSimulator(Self.hub("4.0.3")) { wire, _ throws in
            let reply = try await wire.get("/ws?accessToken=\(Token.admin)")
            #expect(reply.status == 404)
        }
    }

    @Test(arguments: ["2.5.12", "5.1", "five", "5.1.0.M1"])
    func aVersionOpenHABNeverHadIsRefusedAtStart(version: String) async throws {
        await #expect {
            try await OpenHABSimulator.start(configuration: Self.hub(version))
        } throws: { error in
            String(describing: error).contains("is not an openHAB version from 3.0.0 on")
        }
    }
}
