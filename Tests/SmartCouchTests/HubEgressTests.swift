import Foundation
import HTTPTransport
import OpenHABSimulator
import TestSupport
import Testing

@testable import SmartCouchHTTP

/// A hub address is a URL a user supplies: the server must not be pointed at itself, its
/// network or anything behind a redirect, and must not repeat what a target answers.
@Suite struct HubEgressTests {
    static func problemText(_ response: TestResponse) throws -> String {
        let problem = try response.problem(.unprocessableEntity)
        return (problem["detail"] as? String ?? "") + ((problem["errors"] as? [[String: Any]])?.compactMap { $0["reason"] as? String }.joined() ?? "")
    }

    @Test func internalAddressesAreRefusedAndOpenAndClosedPortsLookAlike() async throws {
        try await withSimulator { simulator in
            try await Self.internalAddresses(simulator)
        }
    }

    static func internalAddresses(_ simulator: OpenHABSimulator) async throws {
        try await TestServer.with({ $0.egress = EgressPolicy() }) { server in
            let host = try await server.register("Host")
            let home = Home(simulator: simulator, host: host, couchId: try await server.createCouch(by: host))
            let port = simulator.baseURL.port ?? 0
            var details: Set<String> = []
            for url in [
                "http://127.0.0.1:\(port)", "http://127.0.0.1:9", "http://localhost:\(port)", "http://0.0.0.0:\(port)",
                "http://[::1]:\(port)", "http://2130706433:\(port)", "http://0x7f000001:\(port)", "http://[::ffff:127.0.0.1]:\(port)",
                "http://169.254.169.254", "http://10.0.0.1:8080", "http://192.168.0.10:8080"
            ] {
                let response = try await server.send(
                    .PUT, "/home/hub/\(home.couchId)", json: ["baseUrl": url, "apiToken": Home.hubToken], token: home.host.accessToken)
                let text = try Self.problemText(response)
                #expect(text.contains("not allowed"), "\(url): \(text)")
                details.insert(text)
            }
            #expect(details.count == 1, "every refusal reads the same, open port or closed: \(details)")
            for url in ["http://evil@127.0.0.1:\(port)", "file:///etc/passwd", "gopher://127.0.0.1:\(port)/"] {
                let response = try await server.send(
                    .PUT, "/home/hub/\(home.couchId)", json: ["baseUrl": url, "apiToken": Home.hubToken], token: home.host.accessToken)
                try response.problem(.unprocessableEntity)
            }
            try await server.send(.GET, "/home/hub/\(home.couchId)", token: home.host.accessToken).problem(.conflict)
        }
    }

    @Test func aRedirectingHubNeverSendsTheTokenElsewhere() async throws {
        try await TestServer.withHome { server, home in
            try await withHostileServer { elsewhere in
                try await withHostileServer(redirectTo: elsewhere.baseURL.appendingPathComponent("steal")) { hub in
                    let response = try await server.send(
                        .PUT, "/home/hub/\(home.couchId)",
                        json: [
                            "baseUrl": "\(hub.baseURL)/redirect", "apiToken": Home.hubToken
                        ], token: home.host.accessToken)
                    let text = try Self.problemText(response)
                    #expect(text.contains("redirect") && !text.contains("\(elsewhere.port)"), "\(text)")
                    #expect(await elsewhere.seen().isEmpty)
                    #expect(await hub.seen().count == 1)
                }
            }
        }
    }

    @Test func whatAHubAnswersIsNeverRepeated() async throws {
        try await TestServer.withHome({ $0.hubTimeout = .seconds(8) }) { server, home in
            try await withHostileServer { hub in
                for path in ["leak", "trickle", "huge"] {
                    let started = ContinuousClock.now
                    let response = try await server.send(
                        .PUT, "/home/hub/\(home.couchId)",
                        json: [
                            "baseUrl": "\(hub.baseURL)/\(path)", "apiToken": Home.hubToken
                        ], token: home.host.accessToken)
                    let text = try Self.problemText(response)
                    #expect(!text.contains("hunter2") && !text.contains("xxxx"), "\(path): \(text)")
                    #expect(ContinuousClock.now - started < .seconds(30), "\(path): bounded by the hub timeout and the size cap")
                }
            }
        }
    }
}
