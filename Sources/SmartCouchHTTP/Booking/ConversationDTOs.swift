import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

struct OpenConversationInput: Content {
    var otherUserId: UUID
    var couchId: UUID
}

struct PostMessageInput: Content {
    var conversationId: UUID
    var body: String
}

struct ParticipantBody: Content {
    var id: UUID
    var name: String
}

struct MessageBody: Content {
    var id: UUID
    var conversationId: UUID
    var senderId: UUID
    var body: String
    var createdAt: Date

    init(_ message: Message) {
        id = message.id
        conversationId = message.conversationId
        senderId = message.senderId
        body = message.body
        createdAt = message.createdAt
    }
}

struct ConversationBody: Content {
    var id: UUID
    var couchId: UUID
    var participants: [ParticipantBody]
    /// Absent until someone writes.
    var lastMessage: MessageBody?
    var createdAt: Date

    init(_ conversation: Conversation) {
        id = conversation.id
        couchId = conversation.couchId
        participants = conversation.participants.map { ParticipantBody(id: $0.id, name: $0.name) }
        lastMessage = conversation.lastMessage.map(MessageBody.init)
        createdAt = conversation.createdAt
    }
}
