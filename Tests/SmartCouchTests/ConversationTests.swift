import Foundation
import PostgresNIO
import Testing

@Suite struct ConversationTests {
    @Test func aGuestAndAHostShareOneConversationPerCouch() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)

            let opened = try await server.send(
                .POST, "/conversations", json: ["otherUserId": host.id.uuidString.lowercased(), "couchId": couch.uuidString.lowercased()],
                token: guest.accessToken)
            #expect(opened.status == .created)
            let conversation = try opened.json
            #expect(conversation["couchId"] as? String == couch.uuidString.lowercased())
            #expect(try opened.decoded(as: Schemas.Conversation.self).lastMessage == nil)
            #expect(conversation["createdAt"] is String)
            let participants = try #require(conversation["participants"] as? [[String: Any]])
            #expect(Set(participants.compactMap { $0["id"] as? String }) == [host.id.uuidString.lowercased(), guest.id.uuidString.lowercased()])
            #expect(Set(participants.compactMap { $0["name"] as? String }) == ["Host", "Guest"])

            let again = try await server.send(
                .POST, "/conversations", json: ["otherUserId": host.id.uuidString.lowercased(), "couchId": couch.uuidString.lowercased()],
                token: guest.accessToken)
            #expect(again.status == .ok)
            #expect(try again.json["id"] as? String == conversation["id"] as? String)
            let fromHost = try await server.send(
                .POST, "/conversations", json: ["otherUserId": guest.id.uuidString.lowercased(), "couchId": couch.uuidString.lowercased()],
                token: host.accessToken)
            #expect(fromHost.status == .ok, "the host reaching the guest finds the same conversation")
            #expect(try fromHost.json["id"] as? String == conversation["id"] as? String)

            let otherCouch = try await server.createCouch(by: host)
            let second = try await server.send(
                .POST, "/conversations", json: ["otherUserId": host.id.uuidString.lowercased(), "couchId": otherCouch.uuidString.lowercased()],
                token: guest.accessToken)
            #expect(second.status == .created, "another couch is another conversation")
            try await server.expectConversations(2)
        }
    }

    @Test func concurrentOpensMakeOneConversation() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let couch = try await server.createCouch(by: host)
            let statuses = try await withThrowingTaskGroup(of: (UInt, String?).self) { group in
                for index in 0..<12 {
                    let (caller, other) = index.isMultiple(of: 2) ? (guest, host) : (host, guest)
                    group.addTask {
                        let response = try await server.send(
                            .POST, "/conversations",
                            json: ["otherUserId": other.id.uuidString.lowercased(), "couchId": couch.uuidString.lowercased()],
                            token: caller.accessToken)
                        return (response.status.code, try response.json["id"] as? String)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0.0 == 201 }.count == 1)
            #expect(statuses.filter { $0.0 == 200 }.count == 11)
            #expect(Set(statuses.map(\.1)).count == 1)
            try await server.expectConversations(1)
        }
    }

    @Test func oneOfTheTwoMustOwnTheCouch() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let stranger = try await server.register("Stranger")
            let couch = try await server.createCouch(by: host)
            let open = { (caller: Account, other: String, couch: String) in
                try await server.send(.POST, "/conversations", json: ["otherUserId": other, "couchId": couch], token: caller.accessToken)
            }

            try await open(guest, stranger.id.uuidString.lowercased(), couch.uuidString.lowercased()).problem(.forbidden)
            try await open(guest, guest.id.uuidString.lowercased(), couch.uuidString.lowercased()).problem(.unprocessableEntity)
            try await open(host, host.id.uuidString.lowercased(), couch.uuidString.lowercased()).problem(.unprocessableEntity)
            try await open(guest, host.id.uuidString.lowercased(), UUID().uuidString.lowercased()).problem(.notFound)
            try await open(host, UUID().uuidString.lowercased(), couch.uuidString.lowercased()).problem(.notFound)
            try await open(guest, "host", couch.uuidString.lowercased()).problem(.unprocessableEntity)
            try await server.send(.POST, "/conversations", json: ["otherUserId": host.id.uuidString.lowercased()], token: guest.accessToken).problem(
                .unprocessableEntity)
            try await server.send(
                .POST, "/conversations", json: ["otherUserId": host.id.uuidString.lowercased(), "couchId": couch.uuidString.lowercased()]
            ).problem(.unauthorized)
            try await server.expectConversations(0)
        }
    }

    @Test func aUserListsOnlyTheirOwnLatestActivityFirst() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let other = try await server.register("Other guest")
            let couches = [try await server.createCouch(by: host), try await server.createCouch(by: host), try await server.createCouch(by: host)]

            let first = try await server.openConversation(guest, with: host, about: couches[0])
            let second = try await server.openConversation(guest, with: host, about: couches[1])
            let hostAndOther = try await server.openConversation(host, with: other, about: couches[0])
            let message = try await server.post("Is the loft free in July?", to: first, by: guest)
            #expect(try await server.conversationIds(of: guest) == [first, second])

            let third = try await server.openConversation(guest, with: host, about: couches[2])
            #expect(try await server.conversationIds(of: guest) == [third, first, second], "a new conversation is the latest activity")
            _ = try await server.post("Or in August?", to: second, by: guest)
            #expect(try await server.conversationIds(of: guest) == [second, third, first])
            #expect(try await server.conversationIds(of: host) == [second, third, first, hostAndOther])
            #expect(try await server.conversationIds(of: other) == [hostAndOther])

            let listed = try await server.send(.GET, "/conversations/\(guest.id)", token: guest.accessToken).jsonArray
            let last = try #require(listed.first { $0["id"] as? String == first.uuidString.lowercased() }?["lastMessage"] as? [String: Any])
            #expect(last["id"] as? String == message["id"] as? String)
            #expect(last["body"] as? String == "Is the loft free in July?")
            #expect(last["senderId"] as? String == guest.id.uuidString.lowercased())
            #expect(last["createdAt"] as? String == message["createdAt"] as? String)
            let quiet = try #require(listed.first { $0["id"] as? String == third.uuidString.lowercased() }).typed(as: Schemas.Conversation.self)
            #expect(quiet.lastMessage == nil)

            try await server.send(.GET, "/conversations/\(host.id)", token: guest.accessToken).problem(.forbidden)
            try await server.send(.GET, "/conversations/\(guest.id)").problem(.unauthorized)
            try await server.send(.GET, "/conversations/guest", token: guest.accessToken).problem(.badRequest)
        }
    }

    @Test func messagesComeNewestFirstPageByPage() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let conversation = try await server.openConversation(guest, with: host, about: try await server.createCouch(by: host))
            var sent: [String] = []
            for index in 0..<7 {
                let author = index.isMultiple(of: 2) ? guest : host
                sent.append(try #require(try await server.post("message \(index)", to: conversation, by: author)["id"] as? String))
            }

            var pages: [[[String: Any]]] = []
            var before: String?
            repeat {
                let response = try await server.send(
                    .GET, "/messages/\(conversation)?limit=3" + (before.map { "&cursor=\($0)" } ?? ""), token: host.accessToken)
                #expect(response.status == .ok, "\(response.text)")
                pages.append(try #require(try response.json["items"] as? [[String: Any]]))
                before = try response.json["nextCursor"] as? String
            } while before != nil && pages.count < 10
            #expect(pages.map(\.count) == [3, 3, 1])
            #expect(pages.flatMap { $0 }.compactMap { $0["id"] as? String } == sent.reversed())
            let newest = try #require(pages.first?.first)
            #expect(newest["body"] as? String == "message 6")
            #expect(newest["senderId"] as? String == guest.id.uuidString.lowercased())
            #expect(newest["conversationId"] as? String == conversation.uuidString.lowercased())

            let all = try await server.send(.GET, "/messages/\(conversation)", token: guest.accessToken).decoded(as: Schemas.MessagePage.self)
            #expect(all.items.count == 7)
            #expect(all.nextCursor == nil)
        }
    }

    @Test func badPagesAreRefused() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let conversation = try await server.openConversation(guest, with: host, about: try await server.createCouch(by: host))
            _ = try await server.createCouch(by: host)
            for limit in ["0", "201", "lots"] {
                try await server.send(.GET, "/messages/\(conversation)?limit=\(limit)", token: guest.accessToken).problem(.unprocessableEntity)
            }
            #expect(try await server.send(.GET, "/messages/\(conversation)?limit=200", token: guest.accessToken).status == .ok)
            try await server.send(.GET, "/messages/\(conversation)?before=not-a-cursor", token: guest.accessToken).problem(.badRequest)
            // A couch search cursor is not a place among messages.
            let searchCursor = try #require(try await server.send(.GET, "/couches?limit=1").json["nextCursor"] as? String)
            try await server.send(.GET, "/messages/\(conversation)?before=\(searchCursor)", token: guest.accessToken).problem(.badRequest)
        }
    }

    @Test func onlyParticipantsReadAndWrite() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let stranger = try await server.register("Stranger")
            let conversation = try await server.openConversation(guest, with: host, about: try await server.createCouch(by: host))

            try await server.send(.GET, "/messages/\(conversation)", token: stranger.accessToken).problem(.forbidden)
            try await server.send(
                .POST, "/messages", json: ["conversationId": conversation.uuidString.lowercased(), "body": "hi"], token: stranger.accessToken
            ).problem(.forbidden)
            try await server.send(.GET, "/messages/\(UUID())", token: guest.accessToken).problem(.notFound)
            try await server.send(
                .POST, "/messages", json: ["conversationId": UUID().uuidString.lowercased(), "body": "hi"], token: guest.accessToken
            ).problem(.notFound)
            try await server.send(.GET, "/messages/\(conversation)").problem(.unauthorized)
            try await server.send(.POST, "/messages", json: ["conversationId": conversation.uuidString.lowercased(), "body": "hi"]).problem(
                .unauthorized)
            try await server.send(.GET, "/messages/nope", token: guest.accessToken).problem(.badRequest)
            try await server.expectMessages(0)
        }
    }

    @Test func messageBodiesAreOneToFourThousandCharacters() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let conversation = try await server.openConversation(guest, with: host, about: try await server.createCouch(by: host))
            let post = { (body: Any) in
                try await server.send(
                    .POST, "/messages", json: ["conversationId": conversation.uuidString.lowercased(), "body": body], token: guest.accessToken)
            }

            for bad in ["", "  \n\t ", String(repeating: "é", count: 4001)] as [Any] + [42] {
                try await post(bad).problem(.unprocessableEntity)
            }
            try await server.send(.POST, "/messages", json: ["body": "hi"], token: guest.accessToken).problem(.unprocessableEntity)
            try await server.expectMessages(0)

            let longest = try await post(String(repeating: "é", count: 4000))
            #expect(longest.status == .created)
            let posted = try await post(" x ")
            #expect(posted.status == .created)
            let message = try posted.json
            #expect(message["body"] as? String == " x ")
            #expect(message["senderId"] as? String == guest.id.uuidString.lowercased())
            #expect(message["conversationId"] as? String == conversation.uuidString.lowercased())
            #expect(message["id"] is String && message["createdAt"] is String)
            try await server.expectMessages(2)
        }
    }
}

extension TestServer {
    func openConversation(_ caller: Account, with other: Account, about couch: UUID) async throws -> UUID {
        let response = try await send(
            .POST, "/conversations", json: ["otherUserId": other.id.uuidString.lowercased(), "couchId": couch.uuidString.lowercased()],
            token: caller.accessToken)
        #expect(response.status == .created, "open conversation: \(response.text)")
        return try #require(UUID(uuidString: try response.json["id"] as? String ?? ""))
    }

    @discardableResult
    func post(_ body: String, to conversation: UUID, by author: Account) async throws -> [String: Any] {
        let response = try await send(
            .POST, "/messages", json: ["conversationId": conversation.uuidString.lowercased(), "body": body], token: author.accessToken)
        #expect(response.status == .created, "post message: \(response.text)")
        return try response.json
    }

    func conversationIds(of user: Account) async throws -> [UUID] {
        try await send(.GET, "/conversations/\(user.id)", token: user.accessToken).jsonArray
            .compactMap { ($0["id"] as? String).flatMap(UUID.init(uuidString:)) }
    }

    func expectConversations(_ expected: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let rows = try await database.client.query("SELECT count(*)::int FROM conversations")
        #expect(try await rows.decode(Int.self).only() == expected, sourceLocation: sourceLocation)
    }

    func expectMessages(_ expected: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let rows = try await database.client.query("SELECT count(*)::int FROM messages")
        #expect(try await rows.decode(Int.self).only() == expected, sourceLocation: sourceLocation)
    }
}
