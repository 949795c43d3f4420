import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// Users' webhook endpoints (`webhooks`) and their delivery logs (`webhook_deliveries`), as their
/// owners manage and read them. The deliveries themselves are queued by `sequence_events`
/// (migration 0026) and sent by the delivery worker (`WebhookDeliveryRepository`).
package struct WebhookRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    package enum Created: Sendable, Equatable {
        case created(Webhook)
        /// The user has as many endpoints as they may.
        case full
    }

    /// A new endpoint unless the user holds `limit` already; one user's adds are taken one at a
    /// time, so two at once cannot both pass the limit.
    package func create(
        userId: UUID, url: String, types: [EventType], sealedSecret: Data, limit: Int, at now: Date
    ) async throws -> Created {
        try await client.transaction(logger: logger) { connection in
            // Not FOR UPDATE: that would also hold up the user's bookings, whose keys refer to the row.
            try await connection.execute("SELECT 1 FROM users WHERE id = \(userId) FOR NO KEY UPDATE", logger: logger)
            let counted = try await connection.query("SELECT count(*)::int FROM webhooks WHERE user_id = \(userId)", logger: logger)
            for try await count in counted.decode(Int.self) where count >= limit { return .full }
            let rows = try await connection.query(
                """
                INSERT INTO webhooks AS w (user_id, url, types, secret_sealed, created_at)
                VALUES (\(userId), \(url), \(types.map(\.rawValue)), \(sealedSecret), \(now))
                RETURNING \(unescaped: Self.columns)
                """, logger: logger)
            guard let webhook = try await Self.webhooks(from: rows).first else { throw MissingRow("an INSERT … RETURNING") }
            return .created(webhook)
        }
    }

    private static let columns = "w.id, w.url, w.types, w.enabled, w.disabled_at, w.disabled_reason, w.created_at"

    package func webhooks(userId: UUID) async throws -> [Webhook] {
        try await client.prepared(WebhooksOfUser.self, id: userId, logger: logger)
    }

    /// `webhooks`'s statement, asked by the console's webhooks page and the API's list.
    private enum WebhooksOfUser: IdStatement {
        static let name = "webhooks_of_user"
        static let sql = "SELECT \(columns) FROM webhooks w WHERE w.user_id = $1 ORDER BY w.created_at, w.id"

        static func row(_ row: PostgresRow) throws -> Webhook { try WebhookRepository.webhook(from: row) }
    }

    package func webhook(_ id: UUID, userId: UUID) async throws -> Webhook? {
        try await Self.webhooks(
            from: client.query(
                """
                SELECT \(unescaped: Self.columns) FROM webhooks w WHERE w.id = \(id) AND w.user_id = \(userId)
                """, logger: logger)
        ).first
    }

    /// Changes what is given. Disabling by hand says so; enabling clears why it was disabled, and
    /// the endpoint's pending deliveries go on from where they stopped.
    package func update(
        _ id: UUID, userId: UUID, url: String?, types: [EventType]?, enabled: Bool?, at now: Date
    ) async throws -> Webhook? {
        try await Self.webhooks(
            from: client.query(
                """
                UPDATE webhooks w SET
                    url = coalesce(\(url), w.url),
                    types = coalesce(\(types?.map(\.rawValue))::text[], w.types),
                    enabled = coalesce(\(enabled), w.enabled),
                    disabled_at = CASE WHEN \(enabled)::boolean IS NULL OR \(enabled) = w.enabled THEN w.disabled_at
                                       WHEN \(enabled) THEN NULL ELSE \(now) END,
                    disabled_reason = CASE WHEN \(enabled)::boolean IS NULL OR \(enabled) = w.enabled THEN w.disabled_reason
                                           WHEN \(enabled) THEN NULL ELSE 'disabled by its owner' END
                WHERE w.id = \(id) AND w.user_id = \(userId)
                RETURNING \(unescaped: Self.columns)
                """, logger: logger)
        ).first
    }

    /// Its log goes with it.
    package func delete(_ id: UUID, userId: UUID) async throws -> Bool {
        let rows = try await client.query("DELETE FROM webhooks WHERE id = \(id) AND user_id = \(userId) RETURNING id", logger: logger)
        for try await _ in rows { return true }
        return false
    }

    private static func webhooks(from rows: PostgresRowSequence) async throws -> [Webhook] {
        var webhooks: [Webhook] = []
        for try await row in rows { webhooks.append(try webhook(from: row)) }
        return webhooks
    }

    private static func webhook(from row: PostgresRow) throws -> Webhook {
        let (id, url, types, enabled, disabledAt, reason, createdAt) = try row.decode((UUID, String, [String], Bool, Date?, String?, Date).self)
        return Webhook(
            id: id, url: url, types: types.compactMap(EventType.init(rawValue:)), enabled: enabled, disabledAt: disabledAt,
            disabledReason: reason, createdAt: createdAt)
    }

    // MARK: The delivery log

    /// The endpoint's deliveries, newest event first, before the event `before` when given.
    /// One row more than `limit` says that another page follows.
    package func deliveries(webhookId: UUID, before: Int64?, limit: Int) async throws -> [WebhookDelivery] {
        try await client.prepared(DeliveriesOfWebhook(webhookId: webhookId, before: before, limit: limit + 1), logger: logger)
    }

    /// `deliveries`'s statement, asked for each endpoint by the console's webhooks page.
    private struct DeliveriesOfWebhook: PostgresPreparedStatement {
        static let name = "deliveries_of_webhook"
        static let sql = """
            SELECT \(deliveryColumns) FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
            WHERE d.webhook_id = $1 AND ($2::bigint IS NULL OR d.event_id < $2)
            ORDER BY d.event_id DESC
            LIMIT $3
            """
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .int8, .int8]

        var webhookId: UUID
        var before: Int64?
        var limit: Int

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 3)
            bindings.append(webhookId)
            bindings.append(before)
            bindings.append(limit)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> WebhookDelivery { try WebhookRepository.delivery(from: row) }
    }

    /// The delivery pending again, due at `now`, with all its attempts ahead of it; it goes when
    /// the deliveries of earlier events to the endpoint have gone. Nil when the endpoint has none
    /// with this id.
    package func redeliver(_ deliveryId: Int64, webhookId: UUID, at now: Date) async throws -> WebhookDelivery? {
        try await Self.deliveries(
            from: client.query(
                """
                WITH again AS (
                    -- A delivery still pending keeps its attempts and its backoff: asking again does not
                    -- jump the queue, or an endpoint that hangs could be tried as often as its owner asks.
                    UPDATE webhook_deliveries SET
                        attempts = CASE WHEN status = 'pending' THEN attempts ELSE 0 END,
                        next_attempt_at = CASE WHEN status = 'pending' THEN next_attempt_at ELSE \(now) END,
                        status = 'pending', delivered_at = NULL
                    WHERE id = \(deliveryId) AND webhook_id = \(webhookId)
                    RETURNING *
                )
                SELECT \(unescaped: Self.deliveryColumns) FROM again d JOIN events e ON e.id = d.event_id
                """, logger: logger)
        ).first
    }

    private static let deliveryColumns = """
        d.id, d.event_id, e.type, d.status, d.attempts, d.next_attempt_at, d.last_attempt_at, d.last_status_code, d.last_error,
        d.delivered_at, d.created_at
        """

    private static func deliveries(from rows: PostgresRowSequence) async throws -> [WebhookDelivery] {
        var deliveries: [WebhookDelivery] = []
        for try await row in rows { deliveries.append(try delivery(from: row)) }
        return deliveries
    }

    private static func delivery(from row: PostgresRow) throws -> WebhookDelivery {
        let (id, eventId, type, status, attempts, next, lastAttempt, code, error, deliveredAt, createdAt) = try row.decode(
            (Int64, Int64, String, String, Int, Date, Date?, Int?, String?, Date?, Date).self)
        return WebhookDelivery(
            id: id, eventId: eventId, eventType: type, status: WebhookDelivery.Status(rawValue: status) ?? .failed, attempts: attempts,
            nextAttemptAt: next, lastAttemptAt: lastAttempt, lastStatusCode: code, lastError: error, deliveredAt: deliveredAt,
            createdAt: createdAt)
    }
}
