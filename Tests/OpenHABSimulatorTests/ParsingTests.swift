import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// §10.2: commands and states parsed per item type, case-sensitive, untrimmed; units.
@Suite("Command and state parsing")
struct ParsingTests {
    private static let items = SimulatorConfiguration.testing(items: [
        .init(name: "Lamp", type: "Switch", state: "OFF"),
        .init(name: "Window", type: "Contact", state: "CLOSED"),
        .init(name: "Light", type: "Dimmer", state: "0"),
        .init(name: "Blind", type: "Rollershutter", state: "0"),
        .init(name: "Target", type: "Number:Temperature", state: "20 °C"),
        .init(name: "Count", type: "Number", state: "1"),
        .init(name: "Note", type: "String", state: "hello"),
        .init(name: "Fresh", type: "Switch")
    ])

    @Test(arguments: ["on", "On", " ON", "ON ", "ON\n", "1", "TRUE"])
    func switchTakesOnlyTheExactWords(command: String) async throws {
        try await withSimulator(Self.items) { wire, _ throws in
            let reply = try await wire.command("Lamp", command)
            #expect(reply.status == 400)
            #expect(reply.body.isEmpty)
            #expect(try await wire.state("Lamp") == "OFF")
        }
    }

    @Test func contactTakesStatesButNoCommands() async throws {
        try await withSimulator(Self.items) { wire, _ throws in
            #expect(try await wire.command("Window", "OPEN").status == 400)
            #expect(try await wire.command("Window", "REFRESH").status == 200)
            #expect(try await wire.setState("Window", "OPEN").status == 202)
            #expect(try await wire.state("Window") == "OPEN")
        }
    }

    @Test func toggleFlipsSwitchesAndRollershutters() async throws {
        try await withSimulator(Self.items) { wire, _ throws in
            #expect(try await wire.command("Lamp", "TOGGLE").status == 200)
            #expect(try await wire.state("Lamp") == "ON")
            #expect(try await wire.command("Lamp", "toggle").status == 200)
            #expect(try await wire.state("Lamp") == "OFF")
            #expect(try await wire.command("Blind", "TOGGLE").status == 200)
            #expect(try await wire.state("Blind") == "100")
            let undefined = try await wire.command("Fresh", "TOGGLE")
            #expect(undefined.status == 400, "TOGGLE needs a current state")
            #expect(try await wire.command("Light", "TOGGLE").status == 400, "only Switch and Rollershutter toggle")
        }
    }

    @Test func percentagesAreBoundedAndOnMeansFull() async throws {
        try await withSimulator(Self.items) { wire, _ throws in
            #expect(try await wire.command("Light", "101").status == 400)
            #expect(try await wire.command("Light", "-1").status == 400)
            #expect(try await wire.command("Light", "42.5").status == 200)
            #expect(try await wire.state("Light") == "42.5")
            #expect(try await wire.command("Light", "ON").status == 200)
            #expect(try await wire.state("Light") == "100")
            #expect(try await wire.command("Blind", "DOWN").status == 200)
            #expect(try await wire.state("Blind") == "100")
        }
    }

    @Test func dimensionedNumbersKeepTheirUnit() async throws {
        try await withSimulator(Self.items) { wire, _ throws in
            #expect(try await wire.command("Target", "21.5°C").status == 200)
            #expect(try await wire.state("Target") == "21.5 °C")
            #expect(try await wire.command("Target", "22").status == 200)
            #expect(try await wire.state("Target") == "22 °C", "a bare number takes the item's unit")
            #expect(try await wire.command("Target", "77 °F").status == 200)
            #expect(try await wire.state("Target") == "25 °C", "other units convert")
            #expect(try await wire.get("/rest/items/Target").object()["unitSymbol"] as? String == "°C")
        }
    }

    @Test func incompatibleUnitIsAcceptedThenDropped() async throws {
        try await withSimulator(Self.items) { wire, _ throws in
            #expect(try await wire.command("Target", "5 kWh").status == 200)
            #expect(try await wire.setState("Target", "5 kWh").status == 202)
            #expect(try await wire.state("Target") == "20 °C")
            #expect(try await wire.command("Target", "5 parsecs").status == 400, "an unknown unit does not parse at all")
        }
    }

    @Test func plainNumbersDropUnits() async throws {
        try await withSimulator(Self.items) { wire, _ throws in
            #expect(try await wire.command("Count", "21.5 °C").status == 200)
            #expect(try await wire.state("Count") == "21.5")
            #expect(try await wire.get("/rest/items/Count").object()["unitSymbol"] == nil)
        }
    }

    @Test func unparseableStateIsA400WithOpenHABsMessage() async throws {
        try await withSimulator(Self.items) { wire, _ throws in
            let reply = try await wire.setState("Lamp", "banana")
            #expect(reply.status == 400)
            #expect(reply.body == #"{"error":{"http-code":400,"message":"State could not be parsed: banana"}}"#)
        }
    }

    @Test func stringItemsTakeAnyTextButNullIsUndefined() async throws {
        try await withSimulator(Self.items) { wire, _ throws in
            #expect(try await wire.command("Note", "REFRESH").status == 200)
            #expect(try await wire.state("Note") == "REFRESH")
            #expect(try await wire.setState("Note", "NULL").status == 202)
            #expect(try await wire.get("/rest/items/Note").object()["state"] as? String == "NULL")
            #expect(try await wire.setState("Note", "UNDEF").status == 202)
            #expect(try await wire.state("Note") == "UNDEF")
        }
    }

    @Test func commandsMayComeAsJSON() async throws {
        try await withSimulator(Self.items) { wire, _ throws in
            let reply = try await wire.send(.POST, "/rest/items/Lamp", contentType: "application/json", body: #"{"value":"ON","source":"app"}"#)
            #expect(reply.status == 200)
            #expect(try await wire.state("Lamp") == "ON")
        }
    }

    @Test func commandToAnUnknownItemIsA404WithBody() async throws {
        try await withSimulator(Self.items) { wire, _ throws in
            let reply = try await wire.command("Ghost", "ON")
            #expect(reply.status == 404)
            #expect(reply.body == #"{"error":{"http-code":404,"message":"Item Ghost does not exist!"}}"#)
        }
    }
}
