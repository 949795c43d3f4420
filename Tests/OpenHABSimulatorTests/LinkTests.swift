import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// §10.6: links need item, thing and channel, do not check types, outlive their item, show on channels.
@Suite("Links")
struct LinkTests {
    private static let lock = "sim:smartlock:front:lock"

    @Test func linkShowsOnTheChannelAndOutlivesItsItem() async throws {
        let configuration = SimulatorConfiguration.testing(items: [.init(name: "Door_Lock", type: "Switch")])
        try await withSimulator(configuration) { wire, _ throws in
            #expect(try await wire.send(.PUT, "/rest/links/Door_Lock/\(Self.lock)").status == 200)
            #expect(try await linkedItems(wire) == ["Door_Lock"])

            #expect(try await wire.delete("/rest/items/Door_Lock").status == 200)
            let links = try await wire.get("/rest/links").array()
            #expect(links.map { $0["itemName"] as? String } == ["Door_Lock"])
            #expect(links.first?["editable"] as? Bool == true)
            #expect(try await linkedItems(wire) == ["Door_Lock"])

            // A new item of the same name is linked again at once.
            _ = try await wire.put("/rest/items/Door_Lock", json: #"{"type":"Switch","name":"Door_Lock"}"#)
            #expect(try await wire.command("Door_Lock", "OFF").status == 200)
            try await eventually("the lock reports to the re-created item") { try await wire.state("Door_Lock") == "OFF" }
        }
    }

    @Test func linksOfDeletedItemsAreOrphans() async throws {
        let configuration = SimulatorConfiguration.testing(items: [.init(name: "Door_Lock", type: "Switch"), .init(name: "Plug", type: "Switch")])
        try await withSimulator(configuration) { wire, _ throws in
            #expect(try await wire.get("/rest/links/orphans").body == "[]")
            #expect(try await wire.send(.PUT, "/rest/links/Door_Lock/\(Self.lock)").status == 200)
            #expect(try await wire.send(.PUT, "/rest/links/Plug/sim:smartplug:kitchen:power").status == 200)
            #expect(try await wire.delete("/rest/items/Door_Lock").status == 200)
            let orphans = try await wire.get("/rest/links/orphans").array()
            #expect(orphans.map { $0["problem"] as? String } == ["ITEM_MISSING"])
            let link = try #require(orphans.first?["itemChannelLink"] as? [String: Any])
            #expect(link["itemName"] as? String == "Door_Lock" && link["channelUID"] as? String == Self.lock && link["editable"] as? Bool == true)
            #expect(try await wire.get("/rest/links/orphans", as: .user).status == 403)
        }
    }

    @Test func linkRefusalsAreEmpty400s() async throws {
        let configuration = SimulatorConfiguration.testing(items: [.init(name: "Door_Lock", type: "Switch")])
        try await withSimulator(configuration) { wire, _ throws in
            let refused = [
                try await wire.send(.PUT, "/rest/links/Nobody/\(Self.lock)"),
                try await wire.send(.PUT, "/rest/links/Door_Lock/sim:smartlock:back:lock"),
                try await wire.send(.PUT, "/rest/links/Door_Lock/sim:smartlock:front:bolt"),
                try await wire.send(.PUT, "/rest/links/Door_Lock/sim:lock"),
                try await wire.put("/rest/links/Door_Lock/\(Self.lock)", json: #"{"itemName":"Other_Lock","channelUID":"\#(Self.lock)"}"#)
            ]
            #expect(refused.map(\.status) == [400, 400, 400, 400, 400])
            #expect(refused.allSatisfy { $0.body.isEmpty })
            #expect(try await wire.get("/rest/links").array().isEmpty)
        }
    }

    @Test func typesAreNotCheckedTheRuntimeConverts() async throws {
        let configuration = SimulatorConfiguration.testing(items: [.init(name: "Reading", type: "String")])
        try await withSimulator(configuration) { wire, _ throws in
            #expect(try await wire.send(.PUT, "/rest/links/Reading/sim:smartplug:kitchen:temperature").status == 200)
            #expect(try await wire.state("Reading") == "23 °C")
        }
    }

    @Test func linkConfigurationIsStoredAndListed() async throws {
        let configuration = SimulatorConfiguration.testing(items: [.init(name: "Door_Lock", type: "Switch")])
        try await withSimulator(configuration) { wire, _ throws in
            let body = #"{"itemName":"Door_Lock","channelUID":"\#(Self.lock)","configuration":{"profile":"system:follow"}}"#
            #expect(try await wire.put("/rest/links/Door_Lock/\(Self.lock)", json: body).status == 200)
            let link = try await wire.get("/rest/links/Door_Lock/\(Self.lock)").object()
            #expect(link["configuration"] as? [String: String] == ["profile": "system:follow"])
            let filtered = try await wire.get("/rest/links?channelUID=\(Self.lock)").array()
            #expect(filtered.count == 1)
            #expect(try await wire.get("/rest/links?itemName=Other").array().isEmpty)
        }
    }

    @Test func deletingAMissingLinkIsA404WithBody() async throws {
        try await withSimulator { wire, _ throws in
            let missing = try await wire.delete("/rest/links/Door_Lock/\(Self.lock)")
            #expect(missing.status == 404)
            #expect(missing.body == #"{"error":{"http-code":404,"message":"Link Door_Lock -> \#(Self.lock) does not exist!"}}"#)
            #expect(try await wire.get("/rest/links/Door_Lock/\(Self.lock)").status == 404)
            #expect(try await wire.delete("/rest/links/Door_Lock/sim:lock").status == 400)
        }
    }

    @Test func channelGroupSeparatorArrivesEncoded() async throws {
        let configuration = SimulatorConfiguration.testing(items: [.init(name: "Door_Lock", type: "Switch")])
        try await withSimulator(configuration) { wire, _ throws in
            let reply = try await wire.send(.PUT, "/rest/links/Door_Lock/sim:smartlock:front:motor%23lock")
            #expect(reply.status == 400, "a well-formed UID of a channel the thing does not have")
        }
    }

    @Test func deletingByItemOrThingCountsTheLinks() async throws {
        let configuration = SimulatorConfiguration.testing(
            items: [.init(name: "Power", type: "Switch"), .init(name: "Warmth", type: "Number:Temperature")],
            links: [
                .init(itemName: "Power", channelUID: "sim:thermostat:living:power"),
                .init(itemName: "Warmth", channelUID: "sim:thermostat:living:temperature"),
                .init(itemName: "Warmth", channelUID: "sim:smartplug:kitchen:temperature")
            ]
        )
        try await withSimulator(configuration) { wire, _ throws in
            #expect(try await wire.delete("/rest/links/sim:thermostat:living").body == #"{"count":2}"#)
            #expect(try await wire.delete("/rest/links/Warmth").body == #"{"count":1}"#)
            #expect(try await wire.get("/rest/links").array().isEmpty)
        }
    }

    private func linkedItems(_ wire: Wire) async throws -> [String] {
        let thing = try await wire.get("/rest/things/sim:smartlock:front").object()
        let channels = try #require(thing["channels"] as? [[String: Any]])
        return channels.first { $0["id"] as? String == "lock" }?["linkedItems"] as? [String] ?? []
    }
}
