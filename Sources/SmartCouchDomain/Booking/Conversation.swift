import Foundation

/// Two users talking about one couch: a guest and its host, whoever wrote first.
package struct Conversation: Sendable, Equatable {
    package var id: UUID
    package var couchId: UUID
    package var participants: [Participant]
    /// Computed when read, never stored.
    package var lastMessage: Message?
    package var createdAt: Date

    package init(id: UUID, couchId: UUID, participants: [Participant], lastMessage: Message? = nil, createdAt: Date) {
        self.id = id
        self.couchId = couchId
        self.participants = participants
        self.lastMessage = lastMessage
        self.createdAt = createdAt
    }

    package struct Participant: Sendable, Equatable {
        package var id: UUID
        package var name: String

        package init(id: UUID, name: String) {
            self.id = id
            self.name = name
        }
    }

    package func includes(_ userId: UUID) -> Bool {
        participants.contains { $0.id == userId }
    }
}

package struct Message: Sendable, Equatable {
    package var id: UUID
    package var conversationId: UUID
    package var senderId: UUID
    package var body: String
    package var createdAt: Date

    package init(id: UUID, conversationId: UUID, senderId: UUID, body: String, createdAt: Date) {
        self.id = id
        self.conversationId = conversationId
        self.senderId = senderId
        self.body = body
        self.createdAt = createdAt
    }
}

extension Message {
    /// Where a page of messages (newest first) ended: the last message's instant, exact to the
    /// microsecond, and its id to break ties.
    package struct Position: Sendable, Equatable {
        package var createdAtMicroseconds: Int64
        package var id: UUID

        static let order = "messages"

        package init(after message: Message) {
            createdAtMicroseconds = message.createdAt.postgresMicroseconds
            id = message.id
        }

        package var cursor: PageCursor {
            PageCursor(order: Self.order, key: String(createdAtMicroseconds), id: id)
        }

        /// Nil for a cursor that is not a position among messages.
        package init?(_ cursor: PageCursor) {
            guard cursor.order == Self.order, let micros = cursor.instant else { return nil }
            createdAtMicroseconds = micros
            id = cursor.id
        }
    }
}
