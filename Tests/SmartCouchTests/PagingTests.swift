import Foundation
import Testing

@testable import SmartCouchHTTP

/// Every list that pages takes `limit` from 1 to 200 and `cursor`, the `nextCursor` (or, for the
/// original bare-array lists, the Link header's) of the page before. Lists that named their cursor
/// `before` still take that name, and refuse both names at once.
@Suite struct PagingTests {
    @Test func everyPagedListTakesOneLimitRangeAndACursor() async throws {
        try await TestServer.with(TestServer.operators) { server in
            let ops = try await server.register("Ops", email: "ops@example.com")
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            let conversation = try await server.openConversation(guest, with: host, about: couch)
            let lists: [(path: String, caller: Account?)] = [
                ("/couches?", nil), ("/ratings/\(couch)?", nil), ("/messages/\(conversation)?", guest),
                ("/home/log/\(couch)?", host), ("/jobs/runs?", ops)
            ]
            for list in lists {
                let token = list.caller?.accessToken
                let widest = try await server.send(.GET, list.path + "limit=200", token: token)
                #expect(widest.status == .ok, "\(list.path): \(widest.text)")
                for limit in ["0", "201", "ten"] {
                    try await server.send(.GET, list.path + "limit=\(limit)", token: token).problem(.unprocessableEntity)
                }
                try await server.send(.GET, list.path + "cursor=garbage", token: token).problem(.badRequest)
            }
        }
    }

    @Test func listsThatTookBeforeTakeCursorAndNotBoth() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let conversation = try await server.openConversation(guest, with: host, about: try await server.createCouch(by: host))
            for index in 0..<3 { _ = try await server.post("message \(index)", to: conversation, by: guest) }
            let first = try await server.send(.GET, "/messages/\(conversation)?limit=2", token: guest.accessToken).json
            let next = try #require(first["nextCursor"] as? String)

            let byCursor = try await server.send(.GET, "/messages/\(conversation)?limit=2&cursor=\(next)", token: guest.accessToken).json
            let byBefore = try await server.send(.GET, "/messages/\(conversation)?limit=2&before=\(next)", token: guest.accessToken).json
            let bodies = { (page: [String: Any]) in (page["items"] as? [[String: Any]] ?? []).compactMap { $0["body"] as? String } }
            #expect(bodies(byCursor) == ["message 0"])
            #expect(bodies(byBefore) == bodies(byCursor))
            #expect(
                try await server.send(.GET, "/messages/\(conversation)?limit=2&cursor=\(next)", token: guest.accessToken).decoded(
                    as: Schemas.MessagePage.self
                ).nextCursor == nil)
            try await server.send(.GET, "/messages/\(conversation)?cursor=\(next)&before=\(next)", token: guest.accessToken).problem(.badRequest)
        }
    }
}
