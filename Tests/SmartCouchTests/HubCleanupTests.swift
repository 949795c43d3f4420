import Foundation
import SmartCouchBootstrap
import TestSupport
import Testing

@testable import SmartCouchHTTP

/// Device creation and deletion finish: what a hub that dies halfway keeps of a device comes off
/// it once it answers again, and the host sees meanwhile that something is left.
///
/// One test at a time: each starts a server and a hub, and a parallel run already starts dozens.
@Suite(.serialized) struct HubCleanupTests {
    static func configured(_ configuration: inout Settings) {
        TestServer.operators(&configuration)
        TestServer.tokensOutlivingTheClock(&configuration)
    }

    static func hubStatus(_ server: TestServer, _ home: Home) async throws -> [String: Any] {
        let response = try await server.send(.GET, "/home/hub/\(home.couchId)", token: home.host.accessToken)
        #expect(response.status == .ok, "\(response.text)")
        return try response.json
    }

    @Test func aHubThatDiesMidCreationIsCleanOnceItIsBack() async throws {
        try await TestServer.withHome(Self.configured) { server, home in
            // The Thing is read, the first item made and linked; then every call fails, undo included.
            try await home.control(.PUT, "/faults", #"{"failStatus": 503, "failAfter": 3}"#)
            try await server.addHeater(in: home).problem(.badGateway)
            #expect(try await server.send(.GET, "/home/items/\(home.couchId)", token: home.host.accessToken).jsonArray.isEmpty)
            let pending = try await Self.hubStatus(server, home)
            #expect(pending["cleanupPending"] as? Int == 2 && pending["cleanupError"] is String, "\(pending)")

            try await home.control(.DELETE, "/faults")
            #expect(try await home.smartCouchItems().count == 1, "the dead hub kept the first item")
            #expect(try await home.smartCouchLinks().count == 1)
            // Not before its retry is due; then the hub is clean.
            #expect(try await server.runJob("hub-cleanup")["summary"] as? [String: Int] == ["due": 0, "left": 0])
            server.clock.advance(by: 61)
            let run = try await server.runJob("hub-cleanup")
            #expect(run["summary"] as? [String: Int] == ["due": 2, "left": 0], "\(run)")
            #expect(try await home.smartCouchItems().isEmpty)
            #expect(try await home.smartCouchLinks().isEmpty)
            #expect(try await Self.hubStatus(server, home)["cleanupPending"] as? Int == 0)

            // Made again, the device is whole, with nothing beside it.
            #expect(try await server.addHeater(in: home).status == .created)
            #expect(try await home.smartCouchItems().count == 2)
        }
    }

    @Test func aDeletionTheHubDoesNotFinishRemovesTheDeviceAndCleansTheHubLater() async throws {
        try await TestServer.withHome(Self.configured) { server, home in
            let device = try #require(try await server.addHeater(in: home).json["id"] as? String)
            try await home.control(.PUT, "/faults", #"{"failStatus": 503, "method": "DELETE"}"#)
            #expect(try await server.send(.DELETE, "/home/items/\(device)", token: home.host.accessToken).status == .noContent)
            try await server.send(.GET, "/home/item/\(device)", token: home.host.accessToken).problem(.notFound)
            #expect(try await server.send(.GET, "/home/items/\(home.couchId)", token: home.host.accessToken).jsonArray.isEmpty)
            #expect(try await Self.hubStatus(server, home)["cleanupPending"] as? Int == 2)
            // A stranger learns nothing of it.
            let stranger = try await server.register("Stranger")
            try await server.send(.GET, "/home/hub/\(home.couchId)", token: stranger.accessToken).problem(.forbidden)

            // Still failing at the first retry; gone at the one after the hub is back.
            server.clock.advance(by: 61)
            #expect(try await server.runJob("hub-cleanup")["summary"] as? [String: Int] == ["due": 2, "left": 2])
            #expect(try await home.smartCouchItems().count == 2)
            try await home.control(.DELETE, "/faults")
            server.clock.advance(by: 121)
            #expect(try await server.runJob("hub-cleanup")["summary"] as? [String: Int] == ["due": 2, "left": 0])
            #expect(try await home.smartCouchItems().isEmpty)
            #expect(try await home.smartCouchLinks().isEmpty)
            #expect(try await Self.hubStatus(server, home)["cleanupPending"] as? Int == 0)
        }
    }

    @Test func anItemTheHubMakesAfterTheCreationTimedOutIsRemovedAtTheSecondLook() async throws {
        // 8 s, not less: the whole suite runs in parallel on two cores, and setting the hub must not time out.
        try await TestServer.withHome({
            Self.configured(&$0)
            $0.hubTimeout = .seconds(8)
        }) { server, home in
            // The hub makes the first item 10 s after it was asked: after the request gave up and removed what it had made.
            try await home.control(.PUT, "/faults", #"{"latencyMs": 10000, "pathPattern": "^/rest/items/sc_.*power", "method": "PUT"}"#)
            try await server.addHeater(in: home).problem(.gatewayTimeout)
            try await eventually(within: .seconds(60), "the late item lands on the hub") { try await home.smartCouchItems().count == 1 }
            try await home.control(.DELETE, "/faults")
            server.clock.advance(by: 61)
            let run = try await server.runJob("hub-cleanup")
            #expect(run["summary"] as? [String: Int] == ["due": 2, "left": 0], "\(run)")
            #expect(try await home.smartCouchItems().isEmpty)
            #expect(try await home.smartCouchLinks().isEmpty)
        }
    }
}
