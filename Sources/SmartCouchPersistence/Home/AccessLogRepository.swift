import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

package struct AccessLogRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    package struct NewEntry: Sendable {
        package var couchId: UUID
        package var deviceId: UUID?
        package var itemName: String?
        package var actor: Actor
        package var action: AccessAction
        package var value: String?
        package var outcome: AccessLogEntry.Outcome
        package var detail: String?
        /// The stay whose code opened the door, for the event that names it.
        package var stayId: UUID?

        package init(
            couchId: UUID, deviceId: UUID? = nil, itemName: String? = nil, actor: Actor, action: AccessAction,
            value: String? = nil, outcome: AccessLogEntry.Outcome, detail: String? = nil, stayId: UUID? = nil
        ) {
            self.couchId = couchId
            self.deviceId = deviceId
            self.itemName = itemName
            self.actor = actor
            self.action = action
            self.value = value
            self.outcome = outcome
            self.detail = detail
            self.stayId = stayId
        }
    }

    package func append(_ entry: NewEntry, at time: Date) async throws {
        // Fires: access_log_events (door.unlocked, device.command_failed). Prepared: every command
        // waits for it.
        _ = try await client.prepared(
            """
            INSERT INTO access_log (couch_id, device_id, item_name, actor_id, actor_label, action, value, outcome, detail, stay_id, created_at)
            VALUES (\(entry.couchId), \(entry.deviceId), \(entry.itemName), \(entry.actor.userId), \(entry.actor.label),
                    \(entry.action.rawValue), \(entry.value), \(entry.outcome.rawValue), \(entry.detail), \(entry.stayId), \(time))
            """, logger: logger)
    }

    /// Cursors of log pages: the entry's instant in microseconds since PostgreSQL's epoch, and its id.
    package static let order = "accessLog"

    /// Newest first; only `actorId`'s entries when given; after the cursor (one of this ordering's).
    package func entries(couchId: UUID, actorId: UUID?, before cursor: PageCursor?, limit: Int) async throws -> Page<AccessLogEntry> {
        let micros = cursor?.instant
        let rows = try await client.query(
            """
            SELECT l.id, l.couch_id, l.device_id, l.item_name, l.actor_id, coalesce(u.name, l.actor_label),
                   l.action, l.value, l.outcome, l.detail, l.created_at
            FROM access_log l LEFT JOIN users u ON u.id = l.actor_id
            WHERE l.couch_id = \(couchId) AND (\(actorId)::uuid IS NULL OR l.actor_id = \(actorId))
              AND (\(micros)::bigint IS NULL
                   OR (l.created_at, l.id) < (timestamptz '2000-01-01 00:00:00+00' + \(micros) * interval '1 microsecond', \(cursor?.id)))
            ORDER BY l.created_at DESC, l.id DESC
            LIMIT \(limit + 1)
            """, logger: logger)
        var entries: [AccessLogEntry] = []
        for try await (id, couchId, deviceId, itemName, actorId, actorName, action, value, outcome, detail, createdAt)
            in rows.decode((UUID, UUID, UUID?, String?, UUID?, String?, String, String?, String, String?, Date).self)
        {
            entries.append(
                AccessLogEntry(
                    id: id, couchId: couchId, deviceId: deviceId, itemName: itemName, actorId: actorId, actorName: actorName,
                    action: action, value: value, outcome: AccessLogEntry.Outcome(rawValue: outcome) ?? .failed, detail: detail,
                    createdAt: createdAt))
        }
        return Page(fetched: entries, limit: limit) {
            PageCursor(order: Self.order, key: String($0.createdAt.postgresMicroseconds), id: $0.id)
        }
    }

    /// Each device's main switch turned ON or OFF (done, or sent and not yet reported) from
    /// `since` on, and the last such switch before it: what the device was when `since` came.
    package func switches(couchId: UUID, deviceIds: [UUID], since: Date) async throws -> [(deviceId: UUID, change: SwitchHistory.Switch)] {
        guard !deviceIds.isEmpty else { return [] }
        let rows = try await client.query(
            """
            WITH switched AS (
                SELECT l.device_id, l.value, l.created_at, coalesce(u.name, l.actor_label) AS actor
                FROM access_log l LEFT JOIN users u ON u.id = l.actor_id
                WHERE l.couch_id = \(couchId) AND l.device_id = ANY(\(deviceIds)) AND l.value IN ('ON', 'OFF')
                  AND l.outcome IN ('ok', 'unconfirmed')
            )
            SELECT device_id, value, created_at, actor FROM switched WHERE created_at >= \(since)
            UNION ALL
            (SELECT DISTINCT ON (device_id) device_id, value, created_at, actor FROM switched WHERE created_at < \(since)
             ORDER BY device_id, created_at DESC)
            ORDER BY 3
            """, logger: logger)
        var switches: [(deviceId: UUID, change: SwitchHistory.Switch)] = []
        for try await (deviceId, value, at, actor) in rows.decode((UUID, String, Date, String?).self) {
            switches.append((deviceId, SwitchHistory.Switch(at: at, on: value == "ON", by: actor)))
        }
        return switches
    }
}
