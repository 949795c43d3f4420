import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// The event outbox: giving committed events their ids, reading them in id order, and hearing
/// when there are new ones. The events themselves are written by the changes' own transactions
/// (migration 0026).
package struct EventRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// The channel every server listens on: the sequencer's last id, when events up to it can be
    /// read, and whether it queued webhook deliveries for them (`Announcement`).
    package static let channel = "events"

    /// What the sequencer says on `channel` once the ids it gave are committed.
    package struct Announcement: Sendable, Equatable {
        /// Events up to this id can be read; nil for a payload this server cannot read.
        package var lastId: Int64?
        /// Webhook deliveries of these events wait to be sent.
        package var queuedDeliveries: Bool

        /// Read from the payload migration 0043 writes: `123`, or `123 deliveries`.
        package init(payload: String) {
            let words = payload.split(separator: " ")
            lastId = words.first.flatMap { Int64($0) }
            queuedDeliveries = words.dropFirst().first == "deliveries"
        }
    }

    /// Gives ids to up to `batch` committed events; the last id given, or nil when there was
    /// nothing to do or another server was doing it.
    package func sequence(batch: Int = 5000) async throws -> Int64? {
        try await DatabaseWork.$current.withValue(.job) {
            try await client.prepared("SELECT sequence_events(\(batch)::integer)", logger: logger).first?.decode(Int64?.self) ?? nil
        }
    }

    /// The last id given: what a server that starts now has seen, and what an idle relay has.
    package func lastId() async throws -> Int64 {
        try await client.prepared("SELECT last_id FROM event_sequence", logger: logger).first?.decode(Int64.self) ?? 0
    }

    /// Events after `id`, in order, for every reader at once.
    package func events(after id: Int64, limit: Int) async throws -> [EventRecord] {
        try await DatabaseWork.$current.withValue(.job) {
            try records(
                await client.prepared(
                    """
                    SELECT e.id, e.type, e.couch_id, e.visible_to, event_envelope(e)
                    FROM events e WHERE e.id > \(id) ORDER BY e.id LIMIT \(limit)
                    """, logger: logger))
        }
    }

    /// What `user` may read after `after` and up to `through`, filtered, in order: what a client
    /// that reconnects missed, as far back as events are kept.
    package func missed(
        by user: UUID, after: Int64, through: Int64, types: [String]?, couchId: UUID?, limit: Int
    ) async throws -> [EventRecord] {
        try records(
            await client.prepared(
                """
                SELECT e.id, e.type, e.couch_id, e.visible_to, event_envelope(e)
                FROM events e
                WHERE e.id > \(after) AND e.id <= \(through) AND \(user) = ANY(e.visible_to)
                  AND (\(types)::text[] IS NULL OR e.type = ANY(\(types)::text[]))
                  AND (\(couchId)::uuid IS NULL OR e.couch_id = \(couchId)::uuid)
                ORDER BY e.id LIMIT \(limit)
                """, logger: logger))
    }

    /// Whether `user` can have events of the couch: its host, a guest of one of its
    /// reservations, or someone in one of its conversations. Nil when there is no such couch.
    package func mayRead(couchId: UUID, user: UUID) async throws -> Bool? {
        let rows = try await client.query(
            """
            SELECT c.owner_id = \(user)
                OR EXISTS (SELECT 1 FROM reservations r WHERE r.couch_id = c.id AND r.guest_id = \(user))
                OR EXISTS (SELECT 1 FROM conversations v WHERE v.couch_id = c.id AND \(user) IN (v.user_low, v.user_high))
            FROM couches c WHERE c.id = \(couchId)
            """, logger: logger)
        for try await may in rows.decode(Bool.self) { return may }
        return nil
    }

    /// Drops events that happened longer ago than `age` by the database's clock; their webhook
    /// deliveries go with them.
    package func purge(olderThan age: Duration) async throws {
        try await DatabaseWork.$current.withValue(.job) {
            let seconds = Double(age.components.seconds)
            try await client.query(
                "DELETE FROM events WHERE id IS NOT NULL AND occurred_at < now() - make_interval(secs => \(seconds))", logger: logger)
        }
    }

    /// Runs `body` with the notifications of `channel` on a connection of its own, from the moment
    /// the server listens: an event committed after `body` starts is heard.
    package func listen(
        _ body: @escaping @Sendable (AsyncMapSequence<PostgresNotificationSequence, Announcement>) async throws -> Void
    ) async throws {
        try await DatabaseWork.$current.withValue(.job) {
            try await client.withConnection { connection in
                try await connection.listen(on: Self.channel) { notifications in
                    try await body(notifications.map { Announcement(payload: $0.payload) })
                }
            }
        }
    }

    private func records(_ rows: [PostgresRow]) throws -> [EventRecord] {
        try rows.map { row in
            let (id, type, couchId, visibleTo, envelope) = try row.decode((Int64, String, UUID, [UUID], String).self)
            return EventRecord(id: id, type: type, couchId: couchId, visibleTo: visibleTo, envelope: envelope)
        }
    }
}
