import Foundation
import TestSupport
import Testing

@testable import SmartCouchHTTP
@testable import SmartCouchPersistence

/// Every answer names its request: the caller's id when it is safe to carry, else one of ours, and
/// the hub calls made for it carry the same id.
@Suite struct RequestIDTests {
    /// One of ours: a UUID in lowercase.
    static func isGenerated(_ id: String?) -> Bool {
        guard let id else { return false }
        return UUID(uuidString: id) != nil && id == id.lowercased()
    }

    @Test func aSafeIdComesBackAndAnyOtherIsReplacedByALowercaseOne() async throws {
        try await TestServer.with { server in
            let sent = "build-42.step:7/retry=1@edge_a"
            let echoed = try await server.send(.GET, "/health", headers: [("X-Request-Id", sent)])
            #expect(echoed.headers.first(name: "X-Request-Id") == sent)
            // Refusals carry it too, so that a client can quote it when it reports one.
            let refused = try await server.send(.GET, "/users/me", headers: [("X-Request-Id", sent)])
            #expect(refused.status == .unauthorized && refused.headers.first(name: "X-Request-Id") == sent)

            for unsafe in [String(repeating: "a", count: 129), "two words", "quote\"d", "semi;colon", "<tag>", "", "ünïcode"] {
                let answer = try await server.send(.GET, "/health", headers: [("X-Request-Id", unsafe)])
                let id = try #require(answer.headers.first(name: "X-Request-Id"), "\(unsafe)")
                #expect(Self.isGenerated(id), "\(unsafe) → \(id)")
            }
            let first = try await server.send(.GET, "/health").headers.first(name: "X-Request-Id")
            let second = try await server.send(.GET, "/health").headers.first(name: "X-Request-Id")
            #expect(Self.isGenerated(first) && first != second, "\(first ?? "-") \(second ?? "-")")
        }
    }

    @Test func aCommandsHubCallsCarryItsRequestId() async throws {
        try await TestServer.withHome { server, home in
            let door = try await SmartLock.frontDoor(server, home)
            try await home.control(.DELETE, "/requests")
            let id = "command-\(UUID().uuidString.prefix(8).lowercased())"
            let answer = try await server.send(.POST, "/home/switch/\(door.main)", token: home.host.accessToken, headers: [("X-Request-Id", id)])
            #expect(answer.status == .ok && answer.headers.first(name: "X-Request-Id") == id, "\(answer.text)")
            // The hub's own streams and the jobs' calls are no request's, so only the command is looked at.
            let calls = try await home.receivedRequests().filter { $0.method == "POST" && $0.uri.hasPrefix("/rest/items/") }
            #expect(
                !calls.isEmpty && calls.allSatisfy { $0.headers["x-request-id"] == id },
                "\(calls.map { "\($0.method) \($0.uri) \($0.headers["x-request-id"] ?? "-")" })")
        }
    }

    @Test func withJSONLogsEveryLineIsAnObjectAndARequestsLinesNameItsId() async throws {
        let (server, dataDirectory) = try Clusters.ownCluster(["LOG_FORMAT": "json", "LOG_LEVEL": "info"])
        defer { try? FileManager.default.removeItem(at: EmbeddedPostgres.location(for: dataDirectory)) }
        try await server.waitUntilReady()
        let id = "json-log-\(UUID().uuidString.prefix(8).lowercased())"
        let answer = try await server.send(.GET, "/couches?city=Budapest", headers: [("X-Request-Id", id)])
        #expect(answer.status == .ok && answer.headers.first(name: "X-Request-Id") == id)
        #expect(try await server.stop() == 0, "\(server.printed.suffix(4000))")

        // The embedded cluster's own tools print plain text to the same output; the server does not.
        let lines = server.printed.split(separator: "\n").filter { $0.hasPrefix("{") }
        let objects = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        #expect(
            objects.count > 3 && objects.allSatisfy { $0["time"] is String && $0["level"] is String && $0["message"] is String },
            "\(lines.prefix(5))")
        let ours = objects.filter { $0["requestId"] as? String == id }
        #expect(ours.contains { ($0["message"] as? String)?.contains("GET /couches") == true }, "\(ours)")
        let others = objects.compactMap { $0["requestId"] as? String }.filter { $0 != id }
        #expect(others.allSatisfy { Self.isGenerated($0) }, "ids in logs are lowercase: \(others)")
    }
}
