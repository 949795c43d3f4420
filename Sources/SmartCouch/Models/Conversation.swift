import Foundation

/// Two users talking about one couch: a guest and its host, whoever wrote first.
public struct Conversation: Sendable, Equatable {
    public var id: UUID
    public var couchId: UUID
    public var participants: [Participant]
    /// Computed when read, never stored.
    public var lastMessage: Message?
    public var createdAt: Date

    public struct Participant: Sendable, Equatable {
        public var id: UUID
        public var name: String
    }

    public func includes(_ userId: UUID) -> Bool {
        participants.contains { $0.id == userId }
    }
}

public struct Message: Sendable, Equatable {
    public var id: UUID
    public var conversationId: UUID
    public var senderId: UUID
    public var body: String
    public var createdAt: Date
}

extension Message {
    /// Where a page of messages (newest first) ended: the last message's instant, exact to the
    /// microsecond, and its id to break ties.
    public struct Position: Sendable, Equatable {
        public var createdAtMicroseconds: Int64
        public var id: UUID

        static let order = "messages"

        public init(after message: Message) {
            createdAtMicroseconds = message.createdAt.postgresMicroseconds
            id = message.id
        }

        public var cursor: PageCursor {
            PageCursor(order: Self.order, key: String(createdAtMicroseconds), id: id)
        }

        /// Nil for a cursor that is not a position among messages.
        public init?(_ cursor: PageCursor) {
            guard cursor.order == Self.order, let micros = Int64(cursor.key) else { return nil }
            createdAtMicroseconds = micros
            id = cursor.id
        }
    }
}
