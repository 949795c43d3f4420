import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// §10.1 and §10.5: status codes, error bodies, omitted nulls, `editable`, group members.
@Suite("REST conventions")
struct ConventionTests {
    @Test func unknownItemIsA404WithOpenHABsErrorBody() async throws {
        try await withSimulator { wire, _ throws in
            let reply = try await wire.get("/rest/items/Nope")
            #expect(reply.status == 404)
            #expect(reply.contentType == "application/json")
            #expect(reply.body == #"{"error":{"http-code":404,"message":"Item Nope does not exist!"}}"#)
        }
    }

    @Test func itemLifecycleAnswersWithOpenHABsCodes() async throws {
        try await withSimulator { wire, _ throws in
            let created = try await wire.put("/rest/items/Lamp", json: #"{"type":"Switch","name":"Lamp"}"#)
            #expect(created.status == 201)
            #expect(created.headers.first(name: "Location") == nil)
            let updated = try await wire.put("/rest/items/Lamp", json: #"{"type":"Switch","name":"Lamp","label":"Lamp"}"#)
            #expect(updated.status == 200)

            let command = try await wire.command("Lamp", "ON")
            #expect(command.status == 200)
            #expect(command.body.isEmpty)
            let state = try await wire.setState("Lamp", "OFF")
            #expect(state.status == 202)
            #expect(state.body.isEmpty)

            let deleted = try await wire.delete("/rest/items/Lamp")
            #expect(deleted.status == 200)
            #expect(deleted.body.isEmpty)
            let again = try await wire.delete("/rest/items/Lamp")
            #expect(again.status == 404)
            #expect(again.body.isEmpty, "DELETE of a missing item has no body")
        }
    }

    @Test func absentValuesAreOmittedNeverNull() async throws {
        try await withSimulator { wire, _ throws in
            _ = try await wire.put("/rest/items/Bare", json: #"{"type":"Contact","name":"Bare"}"#)
            let reply = try await wire.get("/rest/items/Bare")
            let item = try reply.object()
            #expect(!reply.body.contains("null"))
            #expect(item["label"] == nil && item["category"] == nil && item["unitSymbol"] == nil && item["lastState"] == nil)
            #expect(item["state"] as? String == "NULL", "the NULL state is the text NULL")
            #expect(item["tags"] as? [String] == [])
            #expect(item["groupNames"] as? [String] == [])
            #expect(item["link"] as? String == "\(wire.baseURL)/rest/items/Bare")
        }
    }

    @Test func editableIsLeftOutOfPutAnswersOnly() async throws {
        try await withSimulator { wire, _ throws in
            let created = try await wire.put("/rest/items/Lamp", json: #"{"type":"Switch","name":"Lamp"}"#).object()
            #expect(created["editable"] == nil)
            #expect(try await wire.get("/rest/items/Lamp").object()["editable"] as? Bool == true)
        }
    }

    @Test func fileDefinedItemsCannotBeChangedOverREST() async throws {
        let configuration = SimulatorConfiguration.testing(items: [.init(name: "Fixed", type: "Switch", editable: false)])
        try await withSimulator(configuration) { wire, _ throws in
            #expect(try await wire.get("/rest/items/Fixed").object()["editable"] as? Bool == false)
            let update = try await wire.put("/rest/items/Fixed", json: #"{"type":"Switch","name":"Fixed"}"#)
            #expect(update.status == 405)
            #expect(update.body == #"{"error":{"http-code":405,"message":"Cannot update non-managed Item Fixed"}}"#)
            let delete = try await wire.delete("/rest/items/Fixed")
            #expect(delete.status == 404)
            #expect(delete.body.isEmpty)
        }
    }

    @Test func listsGiveGroupsNoMembersButASingleGroupLists() async throws {
        let configuration = SimulatorConfiguration.testing(items: [
            .init(name: "Heating", type: "Group", groupType: "Switch"),
            .init(name: "Radiator", type: "Switch", groupNames: ["Heating"], state: "ON")
        ])
        try await withSimulator(configuration) { wire, _ throws in
            let listed = try await wire.get("/rest/items").array().first { $0["name"] as? String == "Heating" }
            #expect((listed?["members"] as? [Any])?.isEmpty == true)
            #expect(listed?["groupType"] as? String == "Switch")
            let single = try await wire.get("/rest/items/Heating").object()
            let members = try #require(single["members"] as? [[String: Any]])
            #expect(members.map { $0["name"] as? String } == ["Radiator"])
            #expect(members.first?["state"] as? String == "ON")
            let flat = try await wire.get("/rest/items/Heating?recursive=false").object()
            #expect((flat["members"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func unknownPathIsAnEmpty404AndAWrongMethodA405() async throws {
        try await withSimulator { wire, _ throws in
            let unknown = try await wire.get("/rest/nothing")
            #expect(unknown.status == 404)
            #expect(unknown.body.isEmpty)
            let notAName = try await wire.get("/rest/items/Living-Room")
            #expect(notAName.status == 404)
            #expect(notAName.body.isEmpty)
            let wrongMethod = try await wire.send(.PATCH, "/rest/items/Lamp")
            #expect(wrongMethod.status == 405)
            let postThings = try await wire.send(.POST, "/rest/things")
            #expect(postThings.status == 405)
        }
    }

    @Test func malformedJSONIsAnEmpty400() async throws {
        try await withSimulator { wire, _ throws in
            let reply = try await wire.put("/rest/items/Lamp", json: #"{"type":"Switch","name":"Lamp""#)
            #expect(reply.status == 400)
            #expect(reply.body.isEmpty)
        }
    }

    @Test func rootDescribesTheHub() async throws {
        try await withSimulator { wire, _ throws in
            let root = try await wire.get("/rest/", as: .anonymous).object()
            #expect(root["version"] as? String == "8")
            #expect((root["runtimeInfo"] as? [String: Any])?["version"] as? String == "5.1.0")
            #expect(root["timezone"] as? String == "Europe/Berlin")
            let links = try #require(root["links"] as? [[String: String]])
            #expect(links.contains(["type": "items", "url": "\(wire.baseURL)/rest/items"]))
        }
    }
}
