import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// §10.3: what a command sets off, in order: autoupdate for unlinked items, predicted then confirmed state for
/// items linked to ONLINE things, a confirmation of the current state when no linked thing is online.
@Suite("Autoupdate and event order")
struct AutoupdateTests {
    private static let hub = SimulatorConfiguration.testing(
        items: [
            .init(name: "Lamp", type: "Switch", state: "OFF"),
            .init(name: "Plug", type: "Switch"),
            .init(name: "Heating", type: "Group", groupType: "Switch"),
            .init(name: "Radiator", type: "Switch", groupNames: ["Heating"], state: "OFF"),
            .init(name: "Towel_Rail", type: "Switch", groupNames: ["Heating"], state: "OFF")
        ],
        links: [.init(itemName: "Plug", channelUID: "sim:smartplug:kitchen:power")]
    )

    @Test func unlinkedItemTakesTheCommandAsItsState() async throws {
        try await withSimulator(Self.hub) { wire, _ throws in
            let events = try await EventStream.open(wire, topics: "openhab/items/Lamp/*")
            #expect(try await wire.command("Lamp", "ON").status == 200)
            let frames = try await events.messages(4)
            #expect(
                frames.map { $0.message?.topic } == [
                    "openhab/items/Lamp/command", "openhab/items/Lamp/state",
                    "openhab/items/Lamp/stateupdated", "openhab/items/Lamp/statechanged"
                ])
            #expect(frames.map { $0.message?.type } == ["ItemCommandEvent", "ItemStateEvent", "ItemStateUpdatedEvent", "ItemStateChangedEvent"])
            let changed = try #require(frames.last?.message?.payload as? [String: Any])
            #expect(changed["type"] as? String == "OnOff")
            #expect(changed["value"] as? String == "ON")
            #expect(changed["oldType"] as? String == "OnOff")
            #expect(changed["oldValue"] as? String == "OFF")
        }
    }

    @Test func sameStateIsUpdatedButNotChanged() async throws {
        try await withSimulator(Self.hub) { wire, _ throws in
            let events = try await EventStream.open(wire, topics: "openhab/items/Lamp/*")
            #expect(try await wire.command("Lamp", "OFF").status == 200)
            #expect(try await wire.command("Lamp", "ON").status == 200)
            let topics = try await events.topics { $0.hasSuffix("/statechanged") }
            #expect(
                topics == [
                    "openhab/items/Lamp/command", "openhab/items/Lamp/state", "openhab/items/Lamp/stateupdated",
                    "openhab/items/Lamp/command", "openhab/items/Lamp/state", "openhab/items/Lamp/stateupdated",
                    "openhab/items/Lamp/statechanged"
                ])
        }
    }

    @Test func itemLinkedToAnOnlineThingIsPredictedThenConfirmedByTheDevice() async throws {
        try await withSimulator(Self.hub) { wire, _ throws in
            let events = try await EventStream.open(wire, topics: "openhab/items/Plug/*")
            #expect(try await wire.command("Plug", "ON").status == 200)
            let frames = try await events.messages(5)
            #expect(
                frames.map { $0.message?.topic } == [
                    "openhab/items/Plug/command", "openhab/items/Plug/statepredicted",
                    "openhab/items/Plug/state", "openhab/items/Plug/stateupdated", "openhab/items/Plug/statechanged"
                ])
            let predicted = try #require(frames[1].message?.payload as? [String: Any])
            #expect(predicted["predictedType"] as? String == "OnOff")
            #expect(predicted["predictedValue"] as? String == "ON")
            #expect(predicted["isConfirmation"] as? Bool == false)
            #expect(try await wire.state("Plug") == "ON")
        }
    }

    @Test func itemLinkedToAnOfflineThingKeepsItsState() async throws {
        try await withSimulator(Self.hub) { wire, _ throws in
            try await wire.control(.PUT, "things/sim:smartplug:kitchen/status", #"{"status":"OFFLINE","statusDetail":"COMMUNICATION_ERROR"}"#)
            let events = try await EventStream.open(wire, topics: "openhab/items/Plug/*,openhab/items/Lamp/command")
            #expect(try await wire.command("Plug", "ON").status == 200)
            // A command to another item marks the end: nothing more about Plug may come before it.
            #expect(try await wire.command("Lamp", "ON").status == 200)
            let frames = try await events.messages(3)
            #expect(
                frames.map { $0.message?.topic } == ["openhab/items/Plug/command", "openhab/items/Plug/statepredicted", "openhab/items/Lamp/command"])
            let predicted = try #require(frames[1].message?.payload as? [String: Any])
            #expect(predicted["predictedValue"] as? String == "OFF", "the current state")
            #expect(predicted["isConfirmation"] as? Bool == true)
            #expect(try await wire.state("Plug") == "OFF")
        }
    }

    @Test func groupPassesCommandsToItsMembersAndNeverUpdatesItself() async throws {
        try await withSimulator(Self.hub) { wire, _ throws in
            #expect(try await wire.command("Heating", "ON").status == 200)
            #expect(try await wire.state("Radiator") == "ON")
            #expect(try await wire.state("Towel_Rail") == "ON")
            #expect(try await wire.state("Heating") == "NULL")
            #expect(try await wire.command("Heating", "21").status == 400, "a Switch group takes Switch commands")
        }
    }

    @Test func itemChangesAreAnnounced() async throws {
        try await withSimulator { wire, _ throws in
            let events = try await EventStream.open(wire, topics: "openhab/items/Lamp/*")
            _ = try await wire.put("/rest/items/Lamp", json: #"{"type":"Switch","name":"Lamp"}"#)
            _ = try await wire.put("/rest/items/Lamp", json: #"{"type":"Switch","name":"Lamp","label":"Lamp"}"#)
            _ = try await wire.delete("/rest/items/Lamp")
            let frames = try await events.messages(3)
            #expect(frames.map { $0.message?.type } == ["ItemAddedEvent", "ItemUpdatedEvent", "ItemRemovedEvent"])
            let updated = try #require(frames[1].message?.payload as? [[String: Any]])
            #expect(updated.map { $0["label"] as? String } == ["Lamp", nil], "[new, old]")
        }
    }
}
