import Foundation
import OpenHAB
import OpenHABModels
import OpenHABSimulator
import TestSupport
import Testing

@Suite("OpenHABClient writes")
struct ClientWriteTests {
    @Test func putItemCreatesThenReplaces() async throws {
        try await withSimulator { simulator in
            let client = simulator.client()
            let definition = ItemDefinition(name: try name("Heater_Power"), type: .switch, label: "Heater", tags: ["Switch"])
            let created = try await client.putItem(definition)
            #expect(created.created)
            #expect(created.item.name == (try name("Heater_Power")))
            #expect(created.item.state == .null)
            #expect(created.item.editable == nil, "openHAB leaves editable out of PUT answers")

            var relabelled = definition
            relabelled.label = "Radiator"
            let replaced = try await client.putItem(relabelled)
            #expect(!replaced.created)
            #expect(try await client.item(name("Heater_Power")).label == "Radiator")
        }
    }

    @Test func deleteItemRemovesItAndAnUnknownOneIsNotFound() async throws {
        let configuration = SimulatorConfiguration.testing(items: [.init(name: "Old", type: "Switch")])
        try await withSimulator(configuration) { simulator in
            let client = simulator.client()
            try await client.deleteItem(name("Old"))
            await #expect(throws: OpenHABError.notFound(message: "Item Old does not exist!")) {
                try await client.item(name("Old"))
            }
            // openHAB answers a DELETE of a missing item with an empty 404.
            await #expect(throws: OpenHABError.notFound(message: nil)) {
                try await client.deleteItem(name("Old"))
            }
        }
    }

    @Test func commandToAnUnlinkedItemBecomesItsState() async throws {
        let configuration = SimulatorConfiguration.testing(items: [
            .init(name: "Lamp", type: "Switch", state: "OFF"),
            .init(name: "Target", type: "Number:Temperature")
        ])
        try await withSimulator(configuration) { simulator in
            let client = simulator.client()
            try await client.send(.on, to: name("Lamp"), ofType: .switch)
            #expect(try await client.state(of: name("Lamp")) == .on)
            try await client.send(.quantity(22.5, unit: "°C"), to: name("Target"), ofType: .temperature)
            #expect(try await client.state(of: name("Target")) == .quantity(22.5, unit: "°C"))

            let sent = try await simulator.receivedRequests().filter { $0.method == "POST" }
            #expect(sent.map(\.body) == ["ON", "22.5 °C"])
            #expect(sent.allSatisfy { $0.headers["content-type"] == "text/plain" })
            #expect(sent.allSatisfy { $0.headers["authorization"] == "Bearer \(Token.admin)" })
        }
    }

    @Test func commandTheItemTypeDoesNotAcceptIsRefusedBeforeSending() async throws {
        try await withSimulator { simulator in
            let client = simulator.client()
            await #expect(throws: OpenHABError.commandNotAccepted(command: "OPEN", itemType: "Contact")) {
                try await client.send(.text("OPEN"), to: name("Door"), ofType: .contact)
            }
            await #expect(throws: OpenHABError.commandNotAccepted(command: "150", itemType: "Dimmer")) {
                try await client.send(.decimal(150), to: name("Light"), ofType: .dimmer)
            }
            let received = try await simulator.receivedRequests()
            #expect(received.isEmpty)
        }
    }

    @Test func commandTheHubCannotParseIsRejected() async throws {
        // The caller believes the item is a Dimmer; the hub knows it is a Contact, which takes no commands.
        let configuration = SimulatorConfiguration.testing(items: [.init(name: "Door", type: "Contact")])
        try await withSimulator(configuration) { simulator in
            await #expect(throws: OpenHABError.rejected(message: nil)) {
                try await simulator.client().send(.decimal(50), to: name("Door"), ofType: .dimmer)
            }
        }
    }

    @Test func commandToAnUnknownItemIsNotFound() async throws {
        try await withSimulator { simulator in
            await #expect(throws: OpenHABError.notFound(message: "Item Ghost does not exist!")) {
                try await simulator.client().send(.on, to: name("Ghost"), ofType: .switch)
            }
        }
    }

    @Test func updateStateSetsTheStateDirectly() async throws {
        let configuration = SimulatorConfiguration.testing(items: [.init(name: "Window", type: "Contact")])
        try await withSimulator(configuration) { simulator in
            let client = simulator.client()
            try await client.updateState(of: name("Window"), ofType: .contact, to: .open)
            #expect(try await client.state(of: name("Window")) == .open)
            await #expect(throws: OpenHABError.stateNotAccepted(state: "ON", itemType: "Contact")) {
                try await client.updateState(of: name("Window"), ofType: .contact, to: .on)
            }
        }
    }

    @Test func stateTheHubCannotParseIsRejectedWithItsMessage() async throws {
        let configuration = SimulatorConfiguration.testing(items: [.init(name: "Window", type: "Contact")])
        try await withSimulator(configuration) { simulator in
            await #expect(throws: OpenHABError.rejected(message: "State could not be parsed: 20")) {
                try await simulator.client().updateState(of: name("Window"), ofType: .number, to: .decimal(20))
            }
        }
    }

    @Test func invalidItemNamesNeverReachTheClient() {
        #expect(throws: OpenHABValueError.invalidItemName("1st_floor")) { try ItemName("1st_floor") }
        #expect(throws: OpenHABValueError.invalidItemName("Living-Room")) { try ItemName("Living-Room") }
        #expect(throws: OpenHABValueError.invalidItemName("")) { try ItemName("") }
        #expect(throws: OpenHABValueError.invalidItemName("Zoë")) { try ItemName("Zoë") }
        #expect((try? ItemName("_Living_Room_2")) != nil)
    }
}
