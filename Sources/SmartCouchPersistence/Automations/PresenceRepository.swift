import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// Couches' presence simulation: what the host set, and which lights it switched and must put back.
package struct PresenceRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    private static let columns = """
        s.couch_id, s.enabled, to_char(s.window_start, 'HH24:MI'), to_char(s.window_end, 'HH24:MI'), s.max_on_minutes, s.seed, s.updated_at,
        ARRAY(SELECT l.device_id FROM presence_lights l WHERE l.couch_id = s.couch_id ORDER BY l.device_id)
        """

    package func simulation(couchId: UUID) async throws -> PresenceSimulation? {
        try await Self.simulation(client.query(Self.reading(couchId), logger: logger))
    }

    /// Changes the couch's simulation as `change` says, one change of a couch at a time, so that
    /// two hosts' partial changes neither lose one nor add up to what neither could set alone.
    /// False when a light is no longer a device of the couch's.
    package func change(
        couchId: UUID, at now: Date, _ change: @Sendable (PresenceSimulation?) throws -> PresenceSimulation
    ) async throws -> Bool {
        do {
            try await client.transaction(logger: logger) { connection in
                try await connection.execute("SELECT 1 FROM couches WHERE id = \(couchId) FOR NO KEY UPDATE", logger: logger)
                let simulation = try change(try await Self.simulation(connection.query(Self.reading(couchId), logger: logger)))
                let rules = simulation.rules
                // A seed, once drawn, stays.
                try await connection.query(
                    """
                    INSERT INTO presence_settings (couch_id, enabled, window_start, window_end, max_on_minutes, seed, updated_at)
                    VALUES (\(couchId), \(simulation.enabled), \(rules.from.description)::time, \(rules.until.description)::time,
                            \(rules.maxOnMinutes), \(rules.seed), \(now))
                    ON CONFLICT (couch_id) DO UPDATE SET enabled = excluded.enabled, window_start = excluded.window_start,
                        window_end = excluded.window_end, max_on_minutes = excluded.max_on_minutes, updated_at = excluded.updated_at
                    """, logger: logger)
                try await connection.query("DELETE FROM presence_lights WHERE couch_id = \(couchId)", logger: logger)
                try await connection.query(
                    """
                    INSERT INTO presence_lights (couch_id, device_id) SELECT \(couchId), unnest(\(rules.lights)::uuid[])
                    """, logger: logger)
            }
            return true
        } catch let error as PSQLError where error.isForeignKeyViolation {
            return false
        }
    }

    private static func reading(_ couchId: UUID) -> PostgresQuery {
        "SELECT \(unescaped: columns) FROM presence_settings s WHERE s.couch_id = \(couchId)"
    }

    private static func simulation(_ rows: PostgresRowSequence) async throws -> PresenceSimulation? {
        for try await row in rows.decode((UUID, Bool, String, String, Int, Int64, Date, [UUID]).self) { return simulation(row) }
        return nil
    }

    /// The lights the simulation has on now, by device.
    package func switchedOn(couchId: UUID) async throws -> [UUID] {
        try await client.prepared(SwitchedOn.self, id: couchId, logger: logger)
    }

    /// `switchedOn`'s statement, asked by a couch's home page and the simulation's every pass.
    private enum SwitchedOn: IdStatement {
        static let name = "presence_switched_on"
        static let sql = "SELECT device_id FROM presence_switches WHERE couch_id = $1 ORDER BY device_id"

        static func row(_ row: PostgresRow) throws -> UUID { try row.decode(UUID.self) }
    }

    /// A couch the simulation looks after now: one it is on for, or one with lights still to put back.
    package struct Watched: Sendable {
        package var simulation: PresenceSimulation
        package var timeZone: String
        /// No stay's window open (nor checked out of early) and no grant in force.
        package var vacant: Bool
        package var switchedOn: Set<UUID>
    }

    package func watched(at now: Date) async throws -> [Watched] {
        let rows = try await client.query(
            """
            SELECT \(unescaped: Self.columns), c.time_zone,
                   NOT EXISTS (
                       SELECT 1 FROM guest_stays g
                       CROSS JOIN LATERAL (SELECT stay_window(g.stay, c.check_in_time, c.check_out_time, c.time_zone)) w(w)
                       LEFT JOIN stay_presence p ON p.stay_id = g.stay_id
                       WHERE g.couch_id = c.id
                         AND g.stay && daterange((\(now)::timestamptz AT TIME ZONE c.time_zone)::date - 1, (\(now)::timestamptz AT TIME ZONE c.time_zone)::date + 2)
                         AND lower(w.w) <= \(now) AND \(now) < least(upper(w.w), coalesce(p.checked_out_at, 'infinity')))
                   AND NOT EXISTS (
                       SELECT 1 FROM access_grants a
                       WHERE a.couch_id = c.id AND a.revoked_at IS NULL AND a.starts_at <= \(now) AND \(now) < a.ends_at),
                   ARRAY(SELECT w.device_id FROM presence_switches w WHERE w.couch_id = s.couch_id)
            FROM presence_settings s JOIN couches c ON c.id = s.couch_id
            WHERE s.enabled OR EXISTS (SELECT 1 FROM presence_switches w WHERE w.couch_id = s.couch_id)
            """, logger: logger)
        var watched: [Watched] = []
        for try await (couchId, enabled, from, until, minutes, seed, updated, lights, timeZone, vacant, switched)
            in rows.decode((UUID, Bool, String, String, Int, Int64, Date, [UUID], String, Bool, [UUID]).self)
        {
            guard let simulation = Self.simulation((couchId, enabled, from, until, minutes, seed, updated, lights)) else { continue }
            watched.append(Watched(simulation: simulation, timeZone: timeZone, vacant: vacant, switchedOn: Set(switched)))
        }
        return watched
    }

    /// The light's main item, to switch.
    package func mainItem(couchId: UUID, deviceId: UUID) async throws -> UUID? {
        let rows = try await client.query(
            """
            SELECT i.id FROM devices d JOIN device_items i ON i.device_id = d.id AND i.is_main
            WHERE d.id = \(deviceId) AND d.couch_id = \(couchId)
            """, logger: logger)
        return try await rows.decode(UUID.self).first { _ in true }
    }

    /// Claims switching the light on, unless the simulation has it on already; `restore` is what
    /// it showed before, to put back.
    package func claimSwitchingOn(couchId: UUID, deviceId: UUID, item: UUID, restore: String, at now: Date) async throws -> Bool {
        let rows = try await client.query(
            """
            INSERT INTO presence_switches (couch_id, device_id, item_id, restore, switched_at)
            VALUES (\(couchId), \(deviceId), \(item), \(restore), \(now))
            ON CONFLICT (couch_id, device_id) DO NOTHING
            RETURNING item_id
            """, logger: logger)
        return try await rows.decode(UUID.self).first { _ in true } != nil
    }

    /// A switch-on the hub refused without sending: the next pass tries again.
    package func releaseSwitchingOn(couchId: UUID, deviceId: UUID, switchedAt: Date) async throws {
        try await client.query(
            """
            DELETE FROM presence_switches WHERE couch_id = \(couchId) AND device_id = \(deviceId) AND switched_at = \(switchedAt)
            """, logger: logger)
    }

    /// What the simulation switched on and nobody else is putting back: its item and former state.
    package struct Switched: Sendable {
        package var itemId: UUID
        package var restore: String
        package var switchedAt: Date
    }

    package func claimPuttingBack(couchId: UUID, deviceId: UUID) async throws -> Switched? {
        let rows = try await client.query(
            """
            DELETE FROM presence_switches WHERE couch_id = \(couchId) AND device_id = \(deviceId) RETURNING item_id, restore, switched_at
            """, logger: logger)
        for try await (item, restore, at) in rows.decode((UUID, String, Date).self) {
            return Switched(itemId: item, restore: restore, switchedAt: at)
        }
        return nil
    }

    /// A light that could not be put back is the next pass's to put back.
    package func stillSwitched(couchId: UUID, deviceId: UUID, _ switched: Switched) async throws {
        try await client.query(
            """
            INSERT INTO presence_switches (couch_id, device_id, item_id, restore, switched_at)
            SELECT d.couch_id, d.id, \(switched.itemId), \(switched.restore), \(switched.switchedAt)
            FROM devices d WHERE d.id = \(deviceId) AND d.couch_id = \(couchId)
            ON CONFLICT (couch_id, device_id) DO NOTHING
            """, logger: logger)
    }

    private static func simulation(_ row: (UUID, Bool, String, String, Int, Int64, Date, [UUID])) -> PresenceSimulation? {
        let (couchId, enabled, from, until, minutes, seed, updated, lights) = row
        guard let from = LocalTime(from), let until = LocalTime(until) else { return nil }
        return PresenceSimulation(
            couchId: couchId, enabled: enabled,
            rules: PresencePlan.Rules(lights: lights, from: from, until: until, maxOnMinutes: minutes, seed: seed), updatedAt: updated)
    }
}
