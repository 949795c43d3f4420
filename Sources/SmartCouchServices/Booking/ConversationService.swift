import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// Hosts and guests talking about a couch: who may open a conversation, read it and write in it.
package struct ConversationService: Sendable {
    let conversations: ConversationRepository
    let couches: CouchRepository
    let users: UserRepository

    package init(conversations: ConversationRepository, couches: CouchRepository, users: UserRepository) {
        self.conversations = conversations
        self.couches = couches
        self.users = users
    }

    package static let maxBodyLength = 4000

    /// The caller's own conversations, latest activity first.
    package func conversations(of userId: UUID, for principal: Principal) async throws -> [Conversation] {
        guard userId == principal.userId else { throw AppError.forbidden("only your own conversations can be listed") }
        return try await conversations.conversations(of: userId)
    }

    /// The conversation between the caller and another user about a couch, opened if needed; one of
    /// the two must own the couch (a guest writing to a host, or a host to a guest).
    package func open(with otherUserId: UUID, about couchId: UUID, by principal: Principal) async throws -> (Conversation, opened: Bool) {
        guard otherUserId != principal.userId else { throw AppError.invalid("otherUserId", "must be someone other than you") }
        guard let couch = try await couches.find(id: couchId) else { throw AppError.notFound("no couch with id \(couchId)") }
        guard try await users.find(id: otherUserId) != nil else { throw AppError.notFound("no user with id \(otherUserId)") }
        guard couch.ownerId == principal.userId || couch.ownerId == otherUserId else {
            throw AppError.forbidden("a conversation about a couch needs its owner as one of the two")
        }
        let outcome = try await conversations.open(couchId: couchId, between: principal.userId, and: otherUserId)
        let id: UUID
        switch outcome {
        case .opened(let new): id = new
        case .existing(let old): id = old
        case .unknownCouchOrUser: throw AppError.notFound("the couch or the user no longer exists")
        }
        guard let conversation = try await conversations.find(id: id) else {
            throw AppError.notFound("the conversation was deleted with its couch")
        }
        return (conversation, outcome == .opened(id))
    }

    /// A page of the conversation's messages, newest first.
    package func messages(in conversationId: UUID, limit: Int, after cursor: PageCursor?, for principal: Principal) async throws -> Page<Message> {
        let position = try cursor.map { cursor in
            guard let position = Message.Position(cursor) else { throw AppError.badRequest("the cursor belongs to another list") }
            return position
        }
        _ = try await participating(in: conversationId, principal)
        return try await conversations.messages(in: conversationId, limit: limit, before: position)
    }

    package func post(_ body: String, to conversationId: UUID, by principal: Principal) async throws -> Message {
        var validation = Validation()
        validation.check(!body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "body", "must not be blank")
        validation.checkLength(body, "body", in: 0...Self.maxBodyLength)
        try validation.finish()
        _ = try await participating(in: conversationId, principal)
        guard let message = try await conversations.post(body, to: conversationId, by: principal.userId) else {
            throw AppError.notFound("no conversation with id \(conversationId)")
        }
        return message
    }

    /// The conversation, if the caller is one of its two: 404 when it does not exist, 403 otherwise.
    private func participating(in conversationId: UUID, _ principal: Principal) async throws -> Conversation {
        guard let conversation = try await conversations.find(id: conversationId) else {
            throw AppError.notFound("no conversation with id \(conversationId)")
        }
        guard conversation.includes(principal.userId) else {
            throw AppError.forbidden("only its two participants may see or write in a conversation")
        }
        return conversation
    }
}
