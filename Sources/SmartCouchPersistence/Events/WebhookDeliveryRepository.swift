import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// What the delivery workers of every server share: which server delivers to which endpoint now,
/// each endpoint's next delivery, and how each attempt went.
///
/// An endpoint is delivered to by one server at a time, the one whose claim holds its lease
/// (`leased_by`, until `leased_until` on the database's clock, which every server reads alike). A
/// claim is taken with a conditional UPDATE, renewed before every send, and every outcome is
/// written only under it: so two servers never send to one endpoint at once, and its deliveries
/// go in the order of their events. A server that dies holds its endpoints until their leases end.
package struct WebhookDeliveryRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// An endpoint this server now delivers to.
    package struct Endpoint: Sendable {
        package var id: UUID
        package var url: String
        package var sealedSecret: Data
    }

    /// The endpoint's first pending delivery, in the order of the events.
    package struct Head: Sendable {
        package var deliveryId: Int64
        package var eventId: Int64
        /// Attempts made so far; an outcome is written only while it still has this many, so a
        /// redelivery asked for meanwhile is not overwritten.
        package var attempts: Int
        /// Whether its next attempt is due; a later delivery never overtakes it.
        package var due: Bool
        /// What is sent: `event_envelope` of its event.
        package var body: String
    }

    /// Claims up to `limit` enabled endpoints whose first pending delivery is due and whose lease
    /// nobody holds, longest waiting first; another server's claims are skipped, not waited for.
    package func claim(limit: Int, perOwner: Int, dueAt now: Date, lease: Duration, holder: UUID) async throws -> [Endpoint] {
        // Owners take turns: each due endpoint's turn is its rank among its owner's due endpoints
        // plus the endpoints of that owner already being delivered to (by any server), and no owner
        // gets more than `perOwner` at once. So endpoints that hang hold only their owner's places,
        // and another owner's delivery goes at the next poll, not after theirs time out.
        let rows = try await client.prepared(
            """
            WITH held AS (
                SELECT user_id, count(*) AS n FROM webhooks WHERE leased_until >= clock_timestamp() GROUP BY user_id
            ), candidates AS (
                SELECT w.id, head.next_attempt_at,
                       coalesce(held.n, 0) + row_number() OVER (PARTITION BY w.user_id ORDER BY head.next_attempt_at, w.id) AS turn
                FROM webhooks w
                CROSS JOIN LATERAL (
                    SELECT d.next_attempt_at FROM webhook_deliveries d
                    WHERE d.webhook_id = w.id AND d.status = 'pending' ORDER BY d.event_id LIMIT 1
                ) head
                LEFT JOIN held ON held.user_id = w.user_id
                WHERE w.id IN (SELECT webhook_id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= \(now))
                  AND w.enabled AND (w.leased_until IS NULL OR w.leased_until < clock_timestamp())
                  AND head.next_attempt_at <= \(now)
            ), due AS (
                SELECT w.id FROM webhooks w JOIN candidates c ON c.id = w.id
                WHERE c.turn <= \(perOwner)
                ORDER BY c.turn, c.next_attempt_at, w.id
                LIMIT \(limit)
                FOR UPDATE OF w SKIP LOCKED
            )
            UPDATE webhooks w SET leased_until = clock_timestamp() + \(lease.milliseconds) * interval '1 millisecond', leased_by = \(holder)
            FROM due WHERE w.id = due.id
            RETURNING w.id, w.url, w.secret_sealed
            """, logger: logger)
        return try rows.map { row in
            let (id, url, sealed) = try row.decode((UUID, String, Data).self)
            return Endpoint(id: id, url: url, sealedSecret: sealed)
        }
    }

    /// Renews the lease and reads the first pending delivery; nil when there is none, or when the
    /// claim no longer holds (the endpoint was disabled, deleted, or its lease ran out and was taken).
    package func head(of webhookId: UUID, holder: UUID, dueAt now: Date, lease: Duration) async throws -> Head? {
        let rows = try await client.query(
            """
            WITH held AS (
                UPDATE webhooks SET leased_until = clock_timestamp() + \(lease.milliseconds) * interval '1 millisecond'
                WHERE id = \(webhookId) AND leased_by = \(holder) AND enabled
                RETURNING id
            )
            SELECT d.id, d.event_id, d.attempts, d.next_attempt_at <= \(now), event_envelope(e)
            FROM held JOIN webhook_deliveries d ON d.webhook_id = held.id AND d.status = 'pending'
            JOIN events e ON e.id = d.event_id
            ORDER BY d.event_id
            LIMIT 1
            """, logger: logger)
        for try await (id, eventId, attempts, due, body) in rows.decode((Int64, Int64, Int, Bool, String).self) {
            return Head(deliveryId: id, eventId: eventId, attempts: attempts, due: due, body: body)
        }
        return nil
    }

    /// How an attempt went.
    package enum Outcome: Sendable {
        case delivered(status: Int)
        /// Tried again at `next`; later deliveries wait behind it.
        case retry(status: Int?, error: String, next: Date)
        /// Its attempts are used up: it failed, and its endpoint is disabled saying `reason`.
        case exhausted(status: Int?, error: String, reason: String)
    }

    /// Writes the outcome of an attempt at `head`; false when the claim no longer holds or the
    /// delivery changed meanwhile (a redelivery was asked for), and nothing was written.
    package func record(_ outcome: Outcome, of head: Head, webhookId: UUID, holder: UUID, at now: Date) async throws -> Bool {
        let held = """
            FROM webhooks w
            WHERE d.id = \(head.deliveryId) AND d.status = 'pending' AND d.attempts = \(head.attempts)
              AND w.id = d.webhook_id AND w.id = \(webhookId) AND w.leased_by = \(holder)
            """ as SQLFragment
        let query: SQLFragment
        switch outcome {
        case .delivered(let status):
            query = """
                UPDATE webhook_deliveries d SET status = 'delivered', attempts = d.attempts + 1, last_attempt_at = \(now),
                    last_status_code = \(status), last_error = NULL, delivered_at = \(now)
                \(held) RETURNING d.id
                """
        case .retry(let status, let error, let next):
            query = """
                UPDATE webhook_deliveries d SET attempts = d.attempts + 1, last_attempt_at = \(now), last_status_code = \(status),
                    last_error = \(Self.bounded(error)), next_attempt_at = \(next)
                \(held) RETURNING d.id
                """
        case .exhausted(let status, let error, let reason):
            query = """
                WITH failed AS (
                    UPDATE webhook_deliveries d SET status = 'failed', attempts = d.attempts + 1, last_attempt_at = \(now),
                        last_status_code = \(status), last_error = \(Self.bounded(error))
                    \(held) RETURNING d.webhook_id
                )
                UPDATE webhooks SET enabled = false, disabled_at = \(now), disabled_reason = \(Self.bounded(reason)),
                    leased_until = NULL, leased_by = NULL
                WHERE id IN (SELECT webhook_id FROM failed) RETURNING id
                """
        }
        for try await _ in try await client.query(query.query(), logger: logger) { return true }
        return false
    }

    /// Stops delivering to an endpoint that cannot be delivered to at all, saying why.
    package func disable(_ webhookId: UUID, holder: UUID, reason: String, at now: Date) async throws {
        try await client.query(
            """
            UPDATE webhooks SET enabled = false, disabled_at = \(now), disabled_reason = \(Self.bounded(reason)), leased_until = NULL, leased_by = NULL
            WHERE id = \(webhookId) AND leased_by = \(holder) AND enabled
            """, logger: logger)
    }

    /// Gives the endpoint back, for whichever server finds its next delivery due first.
    package func release(_ webhookId: UUID, holder: UUID) async throws {
        try await client.query(
            """
            UPDATE webhooks SET leased_until = NULL, leased_by = NULL WHERE id = \(webhookId) AND leased_by = \(holder)
            """, logger: logger)
    }

    /// The columns' CHECKs allow 500 characters.
    private static func bounded(_ text: String) -> String {
        String(text.unicodeScalars.prefix(500))
    }
}
