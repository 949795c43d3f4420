import Foundation
import NIOHTTP1
import Testing

@testable import SmartCouchBootstrap
@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

@Suite struct JobEndpointTests {
    @Test("only operators see job runs or start a job")
    func operatorsOnly() async throws {
        try await TestServer.with(TestServer.operators) { server in
            let guest = try await server.register("Gus Guest")
            for (method, path) in [(HTTPMethod.GET, "/jobs/runs"), (.POST, "/jobs/weather/run")] {
                let anonymous = try await server.send(method, path)
                #expect(anonymous.status == .unauthorized, "\(method) \(path)")
                let refused = try await server.send(method, path, token: guest.accessToken)
                #expect(refused.status == .forbidden, "\(method) \(path)")
                #expect(refused.headers.first(name: "Content-Type") == "application/problem+json")
            }
            let runs = try await JobRuns.runs(server, job: "weather")
            #expect(runs.isEmpty, "a refused request starts nothing")
        }
    }

    @Test("an unknown job is a 404")
    func unknownJob() async throws {
        try await TestServer.with(TestServer.operators) { server in
            let ops = try await server.register("Olga Ops", email: "ops@example.com")
            let response = try await server.send(.POST, "/jobs/no-such-job/run", token: ops.accessToken)
            #expect(response.status == .notFound)
            #expect(try response.json["type"] as? String == "/problems/not-found")
        }
    }

    @Test("runs are listed newest first, a page at a time")
    func listing() async throws {
        try await TestServer.with(TestServer.operators) { server in
            let ops = try await server.register("Olga Ops", email: "ops@example.com")
            var inserted: [UUID] = []
            for _ in 0..<3 { inserted.append(try await JobRuns.abandonedRun(server, job: "probe")) }
            _ = try await JobRuns.abandonedRun(server, job: "other")

            let first = try await server.send(.GET, "/jobs/runs?job=probe&limit=2", token: ops.accessToken)
            #expect(first.status == .ok)
            let page = try first.json
            let items = try #require(page["items"] as? [[String: Any]])
            #expect(items.count == 2)
            #expect(items.allSatisfy { $0["job"] as? String == "probe" && $0["status"] as? String == "running" })
            let cursor = try #require(page["nextCursor"] as? String)
            let second = try await server.send(.GET, "/jobs/runs?job=probe&limit=2&cursor=\(cursor)", token: ops.accessToken).json
            let rest = try #require(second["items"] as? [[String: Any]])
            #expect(rest.count == 1)
            #expect(
                try await server.send(.GET, "/jobs/runs?job=probe&limit=2&cursor=\(cursor)", token: ops.accessToken).decoded(
                    as: Schemas.JobRunPage.self
                ).nextCursor == nil)
            let seen = Set((items + rest).compactMap { ($0["id"] as? String).flatMap(UUID.init(uuidString:)) })
            #expect(seen == Set(inserted))

            let all = try await server.send(.GET, "/jobs/runs", token: ops.accessToken).json
            #expect((all["items"] as? [[String: Any]])?.count == 4)
        }
    }

    @Test(
        "a bad limit or cursor is refused",
        arguments: [
            ("/jobs/runs?limit=0", 422), ("/jobs/runs?limit=201", 422), ("/jobs/runs?limit=ten", 422), ("/jobs/runs?cursor=nonsense", 400)
        ])
    func badPaging(path: String, status: Int) async throws {
        try await TestServer.with(TestServer.operators) { server in
            let ops = try await server.register("Olga Ops", email: "ops@example.com")
            let response = try await server.send(.GET, path, token: ops.accessToken)
            #expect(Int(response.status.code) == status, "\(response.text)")
            #expect(response.headers.first(name: "Content-Type") == "application/problem+json")
        }
    }
}
