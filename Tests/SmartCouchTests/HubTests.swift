import Foundation
import PostgresNIO
import Testing

@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

@Suite struct HubTests {
    @Test func aHubIsCheckedBeforeItIsSavedAndItsTokenIsStoredSealed() async throws {
        try await TestServer.withHome { server, home in
            let status = try await server.send(.GET, "/home/hub/\(home.couchId)", token: home.host.accessToken)
            #expect(status.status == .ok)
            #expect(try status.json["reachable"] as? Bool == true)
            #expect(try status.json["version"] is String)
            // Only the fields of the contract's HubStatus, so no apiToken.
            _ = try status.decoded(as: Schemas.HubStatus.self)
            #expect(!status.text.contains(Home.hubToken))

            let rows = try await server.database.client.query("SELECT token_ciphertext FROM hubs WHERE couch_id = \(home.couchId)")
            let bytes = Data(buffer: try await rows.decode(ByteBuffer.self).only())
            #expect(bytes.count > Home.hubToken.utf8.count)
            #expect(bytes.range(of: Data(Home.hubToken.utf8)) == nil, "the token must not be stored in the clear")

            let wrongToken = try await server.send(
                .PUT, "/home/hub/\(home.couchId)",
                json: [
                    "baseUrl": home.simulator.baseURL.absoluteString, "apiToken": "oh.wrong"
                ], token: home.host.accessToken)
            let problem = try wrongToken.problem(.unprocessableEntity)
            #expect((problem["detail"] as? String)?.contains("credentials") == true)
            let ftp = try await server.send(
                .PUT, "/home/hub/\(home.couchId)", json: ["baseUrl": "ftp://hub", "apiToken": "oh.x"], token: home.host.accessToken
            )
            .problem(.unprocessableEntity)
            #expect((ftp["errors"] as? [[String: Any]])?.first?["field"] as? String == "baseUrl", "the field as the request spells it")
            for written in [
                "http://open hab:8080", "http://openhab:99999", "http://user:pw@openhab:8080", "http://%00:8080",
                "http://openhab/" + String(repeating: "a", count: 2000)
            ] {
                let refused = try await server.send(
                    .PUT, "/home/hub/\(home.couchId)", json: ["baseUrl": written, "apiToken": "oh.x"], token: home.host.accessToken
                )
                .problem(.unprocessableEntity)
                #expect((refused["errors"] as? [[String: Any]])?.count == 1, "\(written): one reason, \(refused)")
            }
            try await server.send(
                .PUT, "/home/hub/\(home.couchId)", json: ["baseUrl": "http://127.0.0.1:1", "apiToken": "oh.x"], token: home.host.accessToken
            )
            .problem(.unprocessableEntity)
            #expect(
                try await server.send(.GET, "/home/hub/\(home.couchId)", token: home.host.accessToken).json["reachable"] as? Bool == true,
                "a refused hub leaves the working one in place")
            // The scheme in any case is the same hub, kept in lower case.
            let shouted = home.simulator.baseURL.absoluteString.replacingOccurrences(of: "http://", with: "HTTP://")
            let kept = try await server.send(
                .PUT, "/home/hub/\(home.couchId)", json: ["baseUrl": shouted, "apiToken": Home.hubToken], token: home.host.accessToken)
            let keptURL = try kept.json["baseUrl"] as? String
            #expect(kept.status == .ok && keptURL == home.simulator.baseURL.absoluteString, "\(kept.text)")
        }
    }

    /// Such a token never reached the hub (the HTTP client drops the header), so the hub's answer to
    /// an anonymous request used to be taken for its approval, and the couch lost its working hub.
    @Test func aTokenThatCannotTravelInAHeaderIsRefused() async throws {
        try await TestServer.withHome { server, home in
            for token in ["oh.a\nb", "oh.é", "oh. a", String(repeating: "x", count: 4097)] {
                let refused = try await server.send(
                    .PUT, "/home/hub/\(home.couchId)",
                    json: [
                        "baseUrl": home.simulator.baseURL.absoluteString, "apiToken": token
                    ], token: home.host.accessToken)
                let problem = try refused.problem(.unprocessableEntity)
                #expect((problem["errors"] as? [[String: Any]])?.first?["field"] as? String == "apiToken")
            }
            let devices = try await server.send(.GET, "/home/things/\(home.couchId)", token: home.host.accessToken)
            #expect(devices.status == .ok, "the couch keeps its working hub: \(devices.text)")
        }
    }

    @Test func onlyTheOwnerSeesOrSetsTheHub() async throws {
        try await TestServer.withHome { server, home in
            let stranger = try await server.register("Stranger")
            try await server.send(.GET, "/home/hub/\(home.couchId)", token: stranger.accessToken).problem(.forbidden)
            try await server.send(
                .PUT, "/home/hub/\(home.couchId)", json: ["baseUrl": "http://127.0.0.1:9", "apiToken": "oh.x"], token: stranger.accessToken
            )
            .problem(.forbidden)
            try await server.send(.GET, "/home/things/\(home.couchId)", token: stranger.accessToken).problem(.forbidden)
            try await server.send(.GET, "/home/hub/\(home.couchId)").problem(.unauthorized)
            try await server.send(.GET, "/home/hub/\(UUID())", token: stranger.accessToken).problem(.notFound)
        }
    }

    @Test func aDownHubIsReportedNotFailed() async throws {
        try await TestServer.withHome { server, home in
            try await home.simulator.stopAccepting()
            let status = try await server.send(.GET, "/home/hub/\(home.couchId)", token: home.host.accessToken)
            #expect(status.status == .ok)
            #expect(try status.json["reachable"] as? Bool == false)
            #expect(try status.json["lastError"] is String)
            try await server.send(.GET, "/home/things/\(home.couchId)", token: home.host.accessToken).problem(.badGateway)
        }
    }
}
