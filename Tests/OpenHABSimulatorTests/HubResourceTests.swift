import Foundation
import OpenHABSimulator
import TestSupport
import Testing

/// What clients ask a hub before anything else: its system information and start level, and the
/// registries it has nothing in (rules, transformations).
@Suite("Hub resources")
struct HubResourceTests {
    /// HABApp loads no item and runs no rule until the start level is 100.
    @Test func systemInfoSaysTheHubHasStartedThrough() async throws {
        try await withSimulator { wire, _ throws in
            let reply = try await wire.get("/rest/systeminfo")
            #expect(reply.status == 200)
            let info = try #require(try reply.object()["systemInfo"] as? [String: Any])
            #expect(info["startLevel"] as? Int == 100)
            #expect((info["uptime"] as? Int).map { $0 >= 0 } == true)
            #expect(info["configFolder"] is String && info["userdataFolder"] is String)
            #expect(info["availableProcessors"] is Int && info["freeMemory"] is Int && info["totalMemory"] is Int)
        }
    }

    @Test func systemInfoIsForAdministrators() async throws {
        try await withSimulator { wire, _ throws in
            #expect(try await wire.get("/rest/systeminfo", as: .user).status == 403)
            #expect(try await wire.get("/rest/systeminfo", as: .anonymous).status == 401)
        }
    }

    @Test func aHubWithoutRulesOrTransformationsListsNone() async throws {
        try await withSimulator { wire, _ throws in
            for path in ["/rest/rules", "/rest/transformations"] {
                let reply = try await wire.get(path)
                #expect(reply.status == 200, "\(path)")
                #expect(reply.body == "[]", "\(path)")
                #expect(try await wire.get(path, as: .user).status == 403, "\(path)")
            }
            let rule = try await wire.get("/rest/rules/welcome")
            #expect(rule.status == 404)
            #expect(rule.body.isEmpty)
        }
    }
}
