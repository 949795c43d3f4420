import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// Conversations and their messages. The last message and the order by activity are computed by
/// the queries, never stored.
package struct ConversationRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// The columns `conversations(from:)` decodes, over `conversationTables`.
    static let conversationColumns = """
        cv.id, cv.couch_id, cv.created_at, lo.id, lo.name, hi.id, hi.name,
        last.id, last.sender_id, last.body, last.created_at
        """
    static let conversationTables = """
        conversations cv
        JOIN users lo ON lo.id = cv.user_low
        JOIN users hi ON hi.id = cv.user_high
        LEFT JOIN LATERAL (
            SELECT m.id, m.sender_id, m.body, m.created_at FROM messages m
            WHERE m.conversation_id = cv.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1
        ) last ON true
        """
    static let messageColumns = "id, conversation_id, sender_id, body, created_at"

    package enum OpenOutcome: Sendable, Equatable {
        case opened(UUID)
        case existing(UUID)
        /// The couch or one of the users does not exist (any more).
        case unknownCouchOrUser
    }

    /// The one conversation between two (different) users about a couch, made if it does not exist
    /// yet. The pair is stored in order, so it is the same row whoever opens it; concurrent opens
    /// meet at the unique constraint, and the loser reads the winner's row.
    package func open(couchId: UUID, between first: UUID, and second: UUID) async throws -> OpenOutcome {
        // The row found conflicting may be deleted (its couch with it) before it is read; then try again.
        for _ in 0..<3 {
            do {
                if let outcome = try await client.withConnection({ connection in
                    try await open(couchId: couchId, between: first, and: second, on: connection)
                }) {
                    return outcome
                }
            } catch let error as PSQLError where error.isForeignKeyViolation {
                return .unknownCouchOrUser
            }
        }
        return .unknownCouchOrUser
    }

    /// The same on the caller's connection, so that it joins the caller's transaction (a booking
    /// opens the host–guest conversation together with the reservation). Nil when the conflicting
    /// row vanished before it could be read.
    package func open(couchId: UUID, between first: UUID, and second: UUID, on connection: PostgresConnection) async throws -> OpenOutcome? {
        let inserted = try await connection.query(
            """
            INSERT INTO conversations (couch_id, user_low, user_high)
            VALUES (\(couchId), least(\(first), \(second)), greatest(\(first), \(second)))
            ON CONFLICT (couch_id, user_low, user_high) DO NOTHING
            RETURNING id
            """, logger: logger)
        for try await id in inserted.decode(UUID.self) { return .opened(id) }
        // A statement of its own, so its snapshot sees the row the conflict waited for.
        let existing = try await connection.query(
            """
            SELECT id FROM conversations
            WHERE couch_id = \(couchId) AND user_low = least(\(first), \(second)) AND user_high = greatest(\(first), \(second))
            """, logger: logger)
        for try await id in existing.decode(UUID.self) { return .existing(id) }
        return nil
    }

    package func find(id: UUID) async throws -> Conversation? {
        try await Self.conversations(
            from: client.query(
                """
                SELECT \(unescaped: Self.conversationColumns) FROM \(unescaped: Self.conversationTables) WHERE cv.id = \(id)
                """, logger: logger)
        ).first
    }

    /// The user's conversations, the one with the latest message (or, without messages, the latest
    /// opened) first.
    package func conversations(of userId: UUID) async throws -> [Conversation] {
        try await Self.conversations(
            from: client.query(
                """
                SELECT \(unescaped: Self.conversationColumns) FROM \(unescaped: Self.conversationTables)
                WHERE cv.user_low = \(userId) OR cv.user_high = \(userId)
                ORDER BY coalesce(last.created_at, cv.created_at) DESC, cv.id DESC
                """, logger: logger))
    }

    /// Newest first, starting after `before` (the previous page's last message).
    package func messages(in conversationId: UUID, limit: Int, before: Message.Position?) async throws -> Page<Message> {
        var after: SQLFragment = ""
        if let before {
            after =
                " AND (created_at, id) < (timestamptz '2000-01-01 00:00:00+00' + \(before.createdAtMicroseconds) * interval '1 microsecond', \(before.id))"
        }
        let statement: SQLFragment = """
            SELECT \(unescaped: Self.messageColumns) FROM messages
            WHERE conversation_id = \(conversationId)\(after)
            ORDER BY created_at DESC, id DESC
            LIMIT \(limit + 1)
            """
        return Page(fetched: try await Self.messages(from: client.query(statement.query(), logger: logger)), limit: limit) {
            Message.Position(after: $0).cursor
        }
    }

    /// Nil when the conversation no longer exists.
    package func post(_ body: String, to conversationId: UUID, by senderId: UUID) async throws -> Message? {
        do {
            // Fires: messages_events (message.created).
            return try await Self.messages(
                from: client.query(
                    """
                    INSERT INTO messages (conversation_id, sender_id, body) VALUES (\(conversationId), \(senderId), \(body))
                    RETURNING \(unescaped: Self.messageColumns)
                    """, logger: logger)
            ).first
        } catch let error as PSQLError where error.isForeignKeyViolation {
            return nil
        }
    }

    static func conversations(from rows: PostgresRowSequence) async throws -> [Conversation] {
        var conversations: [Conversation] = []
        for try await row in rows {
            let (id, couchId, createdAt, lowId, lowName, highId, highName, messageId, senderId, body, sentAt) = try row.decode(
                (UUID, UUID, Date, UUID, String, UUID, String, UUID?, UUID?, String?, Date?).self)
            var lastMessage: Message?
            if let messageId, let senderId, let body, let sentAt {
                lastMessage = Message(id: messageId, conversationId: id, senderId: senderId, body: body, createdAt: sentAt)
            }
            conversations.append(
                Conversation(
                    id: id, couchId: couchId,
                    participants: [.init(id: lowId, name: lowName), .init(id: highId, name: highName)],
                    lastMessage: lastMessage, createdAt: createdAt))
        }
        return conversations
    }

    static func messages(from rows: PostgresRowSequence) async throws -> [Message] {
        var messages: [Message] = []
        for try await (id, conversationId, senderId, body, createdAt) in rows.decode((UUID, UUID, UUID, String, Date).self) {
            messages.append(Message(id: id, conversationId: conversationId, senderId: senderId, body: body, createdAt: createdAt))
        }
        return messages
    }
}
