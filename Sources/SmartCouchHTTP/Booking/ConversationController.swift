import SmartCouchDomain
import SmartCouchServices
import Vapor

struct ConversationController {
    let conversations: ConversationService

    func register(authenticated: any RoutesBuilder) {
        authenticated.get("conversations", ":userId", use: list)
        authenticated.post("conversations", use: open)
        authenticated.get("messages", ":conversationId", use: messages)
        authenticated.post("messages", use: post)
    }

    @Sendable func list(_ request: Request) async throws -> [ConversationBody] {
        try await conversations.conversations(of: request.uuid("userId", as: "user id"), for: request.principal).map(ConversationBody.init)
    }

    /// 201 when this call opened the conversation, 200 when it already existed.
    @Sendable func open(_ request: Request) async throws -> Response {
        let input = try request.body(OpenConversationInput.self)
        let (conversation, opened) = try await conversations.open(with: input.otherUserId, about: input.couchId, by: request.principal)
        return try await ConversationBody(conversation).encodeResponse(status: opened ? .created : .ok, for: request)
    }

    @Sendable func messages(_ request: Request) async throws -> PageBody<MessageBody> {
        let conversationId = try request.uuid("conversationId", as: "conversation id")
        let query = try PageQuery(request, defaultLimit: 50, formerCursorName: "before")
        let page = try await conversations.messages(in: conversationId, limit: query.limit, after: query.cursor, for: request.principal)
        return PageBody(page, MessageBody.init)
    }

    @Sendable func post(_ request: Request) async throws -> Response {
        let input = try request.body(PostMessageInput.self)
        let message = try await conversations.post(input.body, to: input.conversationId, by: request.principal)
        return try await MessageBody(message).encodeResponse(status: .created, for: request)
    }
}
