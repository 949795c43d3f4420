import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// An item's tags, group memberships and metadata, changed one at a time.
@Suite("Tags, members and metadata")
struct ItemPartTests {
    private static let hub = SimulatorConfiguration.testing(items: [
        .init(name: "Lights", type: "Group", groupType: "Switch"),
        .init(name: "Lamp", type: "Switch", state: "OFF"),
        .init(name: "Fixed", type: "Switch", editable: false)
    ])

    @Test func tagsAreAddedAndRemovedAndAnnounced() async throws {
        try await withSimulator(Self.hub) { wire, _ throws in
            let events = try await EventStream.open(wire, topics: "openhab/items/Lamp/updated")
            let added = try await wire.send(.PUT, "/rest/items/Lamp/tags/Lightbulb")
            #expect(added.status == 200 && added.body.isEmpty)
            #expect(try await wire.send(.PUT, "/rest/items/Lamp/tags/Lightbulb").status == 200, "a tag is there once")
            #expect(try await wire.get("/rest/items/Lamp").object()["tags"] as? [String] == ["Lightbulb"])
            #expect(try await wire.delete("/rest/items/Lamp/tags/Lightbulb").status == 200)
            #expect(try await wire.get("/rest/items/Lamp").object()["tags"] as? [String] == [])
            let updates = try await events.messages(3).compactMap { ($0.message?.payload as? [[String: Any]])?.first?["tags"] as? [String] }
            #expect(updates == [["Lightbulb"], ["Lightbulb"], []])
        }
    }

    @Test func tagRefusals() async throws {
        try await withSimulator(Self.hub) { wire, _ throws in
            let unknown = try await wire.send(.PUT, "/rest/items/Nope/tags/Lightbulb")
            #expect(unknown.status == 404)
            #expect(unknown.body == #"{"error":{"http-code":404,"message":"Item Nope does not exist!"}}"#)
            let fixed = try await wire.send(.PUT, "/rest/items/Fixed/tags/Lightbulb")
            #expect(fixed.status == 405 && fixed.body.isEmpty)
            #expect(try await wire.send(.PUT, "/rest/items/Lamp/tags/Lightbulb", as: .user).status == 403)
        }
    }

    @Test func membersJoinAndLeaveGroups() async throws {
        try await withSimulator(Self.hub) { wire, _ throws in
            let joined = try await wire.send(.PUT, "/rest/items/Lights/members/Lamp")
            #expect(joined.status == 200 && joined.body.isEmpty)
            #expect(try await wire.get("/rest/items/Lamp").object()["groupNames"] as? [String] == ["Lights"])
            let members = try await wire.get("/rest/items/Lights").object()["members"] as? [[String: Any]]
            #expect(members?.map { $0["name"] as? String } == ["Lamp"])
            #expect(try await wire.delete("/rest/items/Lights/members/Lamp").status == 200)
            #expect(try await wire.get("/rest/items/Lamp").object()["groupNames"] as? [String] == [])
        }
    }

    @Test func memberRefusalsAreEmpty() async throws {
        try await withSimulator(Self.hub) { wire, _ throws in
            let refused = [
                try await wire.send(.PUT, "/rest/items/Nope/members/Lamp"),
                try await wire.send(.PUT, "/rest/items/Lamp/members/Lights"),
                try await wire.send(.PUT, "/rest/items/Lights/members/Nope"),
                try await wire.send(.PUT, "/rest/items/Lights/members/Fixed")
            ]
            #expect(refused.map(\.status) == [404, 404, 404, 405])
            #expect(refused.allSatisfy { $0.body.isEmpty })
        }
    }

    @Test func metadataIsCreatedReplacedListedAndDeleted() async throws {
        try await withSimulator(Self.hub) { wire, _ throws in
            let created = try await wire.put(
                "/rest/items/Lamp/metadata/homekit", json: #"{"value":"Lighting","config":{"room":"Hall","levels":[1,2]}}"#)
            #expect(created.status == 201 && created.body.isEmpty)
            let replaced = try await wire.put("/rest/items/Lamp/metadata/homekit", json: #"{"value":"Lighting.On"}"#)
            #expect(replaced.status == 200)
            #expect(try await wire.put("/rest/items/Lamp/metadata/alexa", json: #"{"value":"Light"}"#).status == 201)
            #expect(try await wire.get("/rest/items/Lamp/metadata/namespaces", as: .user).body == #"["alexa","homekit"]"#)

            let all = try await wire.get("/rest/items/Lamp").object()["metadata"] as? [String: [String: Any]]
            #expect(all?["homekit"]?["value"] as? String == "Lighting.On" && all?["homekit"]?["config"] == nil)
            #expect(Set(all?.keys.map { $0 } ?? []) == ["alexa", "homekit"])
            let picked = try await wire.get("/rest/items?metadata=home.*").array().first { $0["name"] as? String == "Lamp" }
            #expect((picked?["metadata"] as? [String: Any]).map { Array($0.keys) } == ["homekit"])
            #expect(try await wire.get("/rest/items/Lights").object()["metadata"] == nil, "no metadata, no field")

            #expect(try await wire.delete("/rest/items/Lamp/metadata/alexa").status == 200)
            let again = try await wire.delete("/rest/items/Lamp/metadata/alexa")
            #expect(again.status == 404 && again.body.isEmpty)
            #expect(try await wire.get("/rest/items/Lamp/metadata/namespaces").body == #"["homekit"]"#)
        }
    }

    @Test func metadataGoesWithItsItemButNotWithAReplacement() async throws {
        try await withSimulator(Self.hub) { wire, _ throws in
            _ = try await wire.put("/rest/items/Lamp/metadata/homekit", json: #"{"value":"Lighting"}"#)
            let replaced = try await wire.put("/rest/items/Lamp", json: #"{"type":"Switch","name":"Lamp","label":"Hall lamp"}"#)
            #expect(try replaced.object()["metadata"] == nil, "a PUT answer has no metadata")
            #expect(try await wire.get("/rest/items/Lamp/metadata/namespaces").body == #"["homekit"]"#)
            #expect(try await wire.delete("/rest/items/Lamp").status == 200)
            _ = try await wire.put("/rest/items/Lamp", json: #"{"type":"Switch","name":"Lamp"}"#)
            #expect(try await wire.get("/rest/items/Lamp/metadata/namespaces").body == "[]")
        }
    }

    @Test func metadataRefusals() async throws {
        try await withSimulator(Self.hub) { wire, _ throws in
            let unknown = try await wire.put("/rest/items/Nope/metadata/homekit", json: #"{"value":"x"}"#)
            #expect(unknown.status == 404)
            #expect(unknown.body == #"{"error":{"http-code":404,"message":"Item Nope does not exist!"}}"#)
            #expect(try await wire.get("/rest/items/Nope/metadata/namespaces").status == 404)
            let badNamespace = try await wire.put("/rest/items/Lamp/metadata/home.kit", json: #"{"value":"x"}"#)
            #expect(badNamespace.status == 400)
            #expect(try badNamespace.object()["error"] != nil)
            #expect(try await wire.put("/rest/items/Lamp/metadata/homekit", json: #"{"value":"x"}"#, as: .user).status == 403)
        }
    }

    /// The `autoupdate` metadata decides over the links: "false" keeps an unlinked item's state, "true"
    /// makes a linked item's command its state before the device reports.
    @Test func autoupdateMetadataOverridesTheLinks() async throws {
        let configuration = SimulatorConfiguration.testing(
            items: [.init(name: "Lamp", type: "Switch", state: "OFF"), .init(name: "Door_Lock", type: "Switch")],
            links: [.init(itemName: "Door_Lock", channelUID: "sim:smartlock:front:lock")],
            lockActuation: .seconds(600)
        )
        try await withSimulator(configuration) { wire, _ throws in
            _ = try await wire.put("/rest/items/Lamp/metadata/autoupdate", json: #"{"value":"false"}"#)
            _ = try await wire.put("/rest/items/Door_Lock/metadata/autoupdate", json: #"{"value":"TRUE"}"#)
            let events = try await EventStream.open(wire, topics: "openhab/items/*/statepredicted, openhab/items/*/statechanged")
            #expect(try await wire.command("Lamp", "ON").status == 200)
            #expect(try await wire.command("Door_Lock", "OFF").status == 200)
            let frames = try await events.messages(2)
            #expect(frames.map { $0.message?.topic } == ["openhab/items/Lamp/statepredicted", "openhab/items/Door_Lock/statechanged"])
            let prediction = try #require(frames.first?.message?.payload as? [String: Any])
            #expect(prediction["predictedValue"] as? String == "OFF" && prediction["isConfirmation"] as? Bool == true)
            #expect(try await wire.state("Lamp") == "OFF")
            #expect(try await wire.state("Door_Lock") == "OFF", "the lock's motor has not turned yet")
        }
    }
}
