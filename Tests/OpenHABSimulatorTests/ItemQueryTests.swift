import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// `GET /rest/items` with `fields` (only those fields of each item) and `staticDataOnly` (a cacheable
/// list without states, answered 304 while nothing changed).
@Suite("Item queries")
struct ItemQueryTests {
    private static let hub = SimulatorConfiguration.testing(items: [
        .init(name: "Lights", type: "Group", groupType: "Switch"),
        .init(name: "Lamp", type: "Switch", label: "Lamp", tags: ["Lightbulb"], groupNames: ["Lights"], state: "ON"),
        .init(name: "Temperature", type: "Number:Temperature", state: "21 °C")
    ])

    @Test func fieldsLimitEachItemToThem() async throws {
        try await withSimulator(Self.hub) { wire, _ throws in
            let items = try await wire.get("/rest/items?fields=name,%20state,type").array()
            #expect(items.map { Set($0.keys) } == Array(repeating: ["name", "state", "type"], count: 3))
            #expect(items.map { $0["state"] as? String } == ["ON", "NULL", "21 °C"])
            let nothingKnown = try await wire.get("/rest/items?fields=colour").array()
            #expect(nothingKnown.allSatisfy { $0.isEmpty }, "\(nothingKnown)")
        }
    }

    @Test func staticDataHasNoStatesAndNoMembers() async throws {
        try await withSimulator(Self.hub) { wire, _ throws in
            let reply = try await wire.get("/rest/items?staticDataOnly=true&fields=name&type=Switch")
            #expect(reply.status == 200)
            let items = try reply.array()
            #expect(items.map { $0["name"] as? String } == ["Lamp", "Lights", "Temperature"], "type and fields are ignored")
            let keys = items.reduce(into: Set<String>()) { $0.formUnion($1.keys) }
            #expect(keys.isDisjoint(with: ["state", "members", "unitSymbol", "lastState", "lastStateUpdate", "lastStateChange"]), "\(keys)")
            #expect(items[0]["tags"] as? [String] == ["Lightbulb"] && items[0]["editable"] as? Bool == true)
            #expect(reply.headers.first(name: "Cache-Control") == "private, must-revalidate")
        }
    }

    @Test func staticDataIsNotModifiedUntilAnItemChanges() async throws {
        try await withSimulator(Self.hub) { wire, _ throws in
            let first = try await wire.get("/rest/items?staticDataOnly=true")
            let modified = try #require(first.headers.first(name: "Last-Modified"))
            let since = [("If-Modified-Since", modified)]
            let unchanged = try await wire.send(.GET, "/rest/items?staticDataOnly=true", headers: since)
            #expect(unchanged.status == 304)
            #expect(unchanged.body.isEmpty)
            // A state is no static data; a new item is.
            #expect(try await wire.command("Lamp", "OFF").status == 200)
            #expect(try await wire.send(.GET, "/rest/items?staticDataOnly=true", headers: since).status == 304)
            _ = try await wire.put("/rest/items/Fan", json: #"{"type":"Switch","name":"Fan"}"#)
            let changed = try await wire.send(.GET, "/rest/items?staticDataOnly=true", headers: since)
            #expect(changed.status == 200)
            #expect(try changed.array().contains { $0["name"] as? String == "Fan" })
            #expect(changed.headers.first(name: "Last-Modified") != modified)
        }
    }
}
