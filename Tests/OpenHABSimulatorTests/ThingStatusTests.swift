import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// A thing's status on its own (`/rest/things/{uid}/status`), and enabling and disabling it.
@Suite("Thing status")
struct ThingStatusTests {
    private static let lock = "sim:smartlock:front"

    @Test func statusIsTheThingsStatusInfo() async throws {
        try await withSimulator { wire, _ throws in
            let online = try await wire.get("/rest/things/\(Self.lock)/status")
            #expect(online.status == 200)
            #expect(online.contentType == "application/json")
            #expect(online.body == #"{"status":"ONLINE","statusDetail":"NONE"}"#)
            try await wire.control(.PUT, "things/\(Self.lock)/status", #"{"status":"OFFLINE","statusDetail":"COMMUNICATION_ERROR"}"#)
            #expect(try await wire.get("/rest/things/\(Self.lock)/status").body == #"{"status":"OFFLINE","statusDetail":"COMMUNICATION_ERROR"}"#)
        }
    }

    @Test func statusOfAnUnknownThingIsOpenHABs404() async throws {
        try await withSimulator { wire, _ throws in
            let unknown = try await wire.get("/rest/things/sim:smartlock:back/status")
            #expect(unknown.status == 404)
            #expect(unknown.body == #"{"error":{"http-code":404,"message":"Thing sim:smartlock:back does not exist!"}}"#)
            #expect(try await wire.get("/rest/things/sim:lock/status").status == 400, "not a thing UID")
            #expect(try await wire.get("/rest/things/\(Self.lock)/status", as: .user).status == 403)
        }
    }

    @Test func aDisabledThingIsUninitializedTakesNoCommandsAndComesBackAsItWas() async throws {
        let configuration = SimulatorConfiguration.testing(
            items: [.init(name: "Door_Lock", type: "Switch")],
            links: [.init(itemName: "Door_Lock", channelUID: "\(Self.lock):lock")]
        )
        try await withSimulator(configuration) { wire, _ throws in
            let events = try await EventStream.open(wire, topics: "openhab/things/\(Self.lock)/statuschanged")
            let disabled = try await wire.send(.PUT, "/rest/things/\(Self.lock)/enable", contentType: "text/plain", body: "false")
            #expect(disabled.status == 200)
            #expect(try disabled.object()["statusInfo"] as? [String: String] == ["status": "UNINITIALIZED", "statusDetail": "DISABLED"])
            #expect(try await wire.command("Door_Lock", "OFF").status == 200)
            let enabled = try await wire.send(.PUT, "/rest/things/\(Self.lock)/enable", contentType: "text/plain", body: "true")
            #expect(try enabled.object()["statusInfo"] as? [String: String] == ["status": "ONLINE", "statusDetail": "NONE"])
            let changes = try await events.messages(3).compactMap { ($0.message?.payload as? [[String: String]])?.first?["status"] }
            #expect(changes == ["UNINITIALIZED", "INITIALIZING", "ONLINE"])
            #expect(try await wire.state("Door_Lock") == "ON", "the command to the disabled lock was not carried out")
        }
    }

    @Test func enablingAnUnknownThingIsOpenHABs404() async throws {
        try await withSimulator { wire, _ throws in
            let reply = try await wire.send(.PUT, "/rest/things/sim:smartlock:back/enable", contentType: "text/plain", body: "true")
            #expect(reply.status == 404)
            #expect(reply.body == #"{"error":{"http-code":404,"message":"Thing sim:smartlock:back does not exist!"}}"#)
        }
    }
}
