import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// The items and links SmartCouch made on hubs and must take off again (`hub_cleanups`): written
/// down before a device's items are made, so that a creation that fails, or dies with its server,
/// leaves its work list behind rather than orphans on the hub.
package struct HubCleanupRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// An item on a hub to remove, with its link to a channel when it has one.
    package struct Cleanup: Sendable, Equatable {
        package var id: UUID
        package var couchId: UUID
        package var itemName: String
        package var channelUID: String?
        package var attempts: Int
    }

    /// How long a device's creation may take before the items it wrote down are taken for the
    /// remains of a server that died making them.
    package static let armedFor: TimeInterval = 600

    /// Writes down the items a device's creation is about to make; storing the device removes them.
    package func arm(couchId: UUID, deviceId: UUID, items: [(itemName: String, channelUID: String?)], at now: Date) async throws {
        try await client.query(
            """
            INSERT INTO hub_cleanups (couch_id, device_id, item_name, channel_uid, due_at, created_at)
            SELECT \(couchId), \(deviceId), i.item_name, nullif(i.channel_uid, ''), \(now.addingTimeInterval(Self.armedFor)), \(now)
            FROM unnest(\(items.map(\.itemName)), \(items.map { $0.channelUID ?? "" })) AS i(item_name, channel_uid)
            ON CONFLICT (device_id, item_name) DO NOTHING
            """, logger: logger)
    }

    /// A creation failed: what it wrote down is due now.
    package func release(deviceId: UUID, at now: Date) async throws -> [Cleanup] {
        try await Self.decode(
            client.query(
                """
                UPDATE hub_cleanups SET due_at = \(now) WHERE device_id = \(deviceId)
                RETURNING id, couch_id, item_name, channel_uid, attempts
                """, logger: logger))
    }

    /// Due cleanups, oldest first, at most `limit`.
    package func due(at now: Date, limit: Int) async throws -> [Cleanup] {
        try await Self.decode(
            client.query(
                """
                SELECT id, couch_id, item_name, channel_uid, attempts FROM hub_cleanups
                WHERE due_at <= \(now) ORDER BY due_at, id LIMIT \(limit)
                """, logger: logger))
    }

    /// Looked at again after `at`: an item a hub reported gone may still be on its way in.
    package func recheck(_ id: UUID, at: Date) async throws {
        try await client.query("UPDATE hub_cleanups SET due_at = \(at) WHERE id = \(id)", logger: logger)
    }

    package func done(_ id: UUID) async throws {
        try await client.query("DELETE FROM hub_cleanups WHERE id = \(id)", logger: logger)
    }

    /// The hub refused or did not answer: tried again after `retryAt`.
    package func failed(_ id: UUID, error: String, retryAt: Date) async throws {
        try await client.query(
            """
            UPDATE hub_cleanups SET attempts = attempts + 1, last_error = \(String(error.prefix(500))), due_at = \(retryAt)
            WHERE id = \(id)
            """, logger: logger)
    }

    /// What is still to be removed from a couch's hub, for its host: how many items, and the latest failure.
    package func pending(couchId: UUID, at now: Date) async throws -> (count: Int, lastError: String?) {
        let rows = try await client.query(
            """
            SELECT count(*)::int, (array_agg(last_error ORDER BY attempts DESC) FILTER (WHERE last_error IS NOT NULL))[1]
            FROM hub_cleanups WHERE couch_id = \(couchId) AND (due_at <= \(now) OR attempts > 0)
            """, logger: logger)
        for try await (count, error) in rows.decode((Int, String?).self) { return (count, error) }
        return (0, nil)
    }

    private static func decode(_ rows: PostgresRowSequence) async throws -> [Cleanup] {
        var cleanups: [Cleanup] = []
        for try await (id, couchId, itemName, channelUID, attempts) in rows.decode((UUID, UUID, String, String?, Int).self) {
            cleanups.append(Cleanup(id: id, couchId: couchId, itemName: itemName, channelUID: channelUID, attempts: attempts))
        }
        return cleanups
    }
}
