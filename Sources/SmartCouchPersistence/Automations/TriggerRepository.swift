import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// Couches' triggers.
package struct TriggerRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    package enum Created: Sendable {
        case created(SceneTrigger)
        /// The couch has as many triggers as it may.
        case full
        /// The scene is not the couch's (or went meanwhile).
        case sceneGone
    }

    /// A new trigger unless the couch holds `limit` already; one couch's additions are taken one at
    /// a time, so two at once cannot both pass the limit.
    package func create(
        couchId: UUID, sceneId: UUID, rule: SceneTrigger.Rule, catchUp: SceneTrigger.CatchUp, limit: Int, at now: Date
    ) async throws -> Created {
        let (offset, vacant, ahead, time, weekdays): (Int?, Int?, Int?, String?, [Int16]?) =
            switch rule {
            case .beforeCheckIn(let minutes), .afterCheckOut(let minutes): (minutes, nil, nil, nil, nil)
            case .arrival: (nil, nil, nil, nil, nil)
            case .vacancy(let hours, let freeAhead): (nil, hours, freeAhead, nil, nil)
            case .time(let local, let days): (nil, nil, nil, local.description, days.sorted().map(Int16.init))
            }
        do {
            return try await client.transaction(logger: logger) { connection in
                try await connection.execute("SELECT 1 FROM couches WHERE id = \(couchId) FOR NO KEY UPDATE", logger: logger)
                let counted = try await connection.query("SELECT count(*)::int FROM triggers WHERE couch_id = \(couchId)", logger: logger)
                for try await count in counted.decode(Int.self) where count >= limit { return .full }
                let rows = try await connection.query(
                    """
                    INSERT INTO triggers AS t (couch_id, scene_id, kind, offset_minutes, vacant_hours, free_ahead_hours, local_time, weekdays, catch_up, created_at)
                    VALUES (\(couchId), \(sceneId), \(rule.kind), \(offset), \(vacant), \(ahead), \(time)::time, \(weekdays)::smallint[], \(catchUp.rawValue), \(now))
                    RETURNING \(unescaped: Self.columns)
                    """, logger: logger)
                guard let trigger = try await Self.triggers(rows).first else { throw MissingRow("an INSERT … RETURNING") }
                return .created(trigger)
            }
        } catch let error as PSQLError where error.isForeignKeyViolation {
            return .sceneGone
        }
    }

    private static let columns = """
        t.id, t.couch_id, t.scene_id, t.kind, t.offset_minutes, t.vacant_hours, t.free_ahead_hours, to_char(t.local_time, 'HH24:MI'),
        t.weekdays::int[], t.catch_up, t.created_at
        """

    package func triggers(couchId: UUID) async throws -> [SceneTrigger] {
        try await client.prepared(TriggersOfCouch.self, id: couchId, logger: logger).compactMap { $0 }
    }

    /// `triggers`'s statement, asked by a couch's home page.
    private enum TriggersOfCouch: IdStatement {
        static let name = "triggers_of_couch"
        static let sql = "SELECT \(columns) FROM triggers t WHERE t.couch_id = $1 ORDER BY t.created_at, t.id"

        static func row(_ row: PostgresRow) throws -> SceneTrigger? { try TriggerRepository.trigger(from: row) }
    }

    package func delete(_ id: UUID, couchId: UUID) async throws -> Bool {
        let rows = try await client.query("DELETE FROM triggers WHERE id = \(id) AND couch_id = \(couchId) RETURNING id", logger: logger)
        return try await rows.decode(UUID.self).first(where: { _ in true }) != nil
    }

    private static func triggers(_ rows: PostgresRowSequence) async throws -> [SceneTrigger] {
        var triggers: [SceneTrigger] = []
        for try await row in rows { if let trigger = try trigger(from: row) { triggers.append(trigger) } }
        return triggers
    }

    /// The trigger a row holds; nil for a rule this server does not know.
    private static func trigger(from row: PostgresRow) throws -> SceneTrigger? {
        let (id, couchId, sceneId, kind, offset, vacant, ahead, time, weekdays, catchUp, created) = try row.decode(
            (UUID, UUID, UUID, String, Int?, Int?, Int?, String?, [Int]?, String, Date).self)
        let rule: SceneTrigger.Rule? =
            switch kind {
            case "beforeCheckIn": offset.map { .beforeCheckIn(minutes: $0) }
            case "afterCheckOut": offset.map { .afterCheckOut(minutes: $0) }
            case "arrival": .arrival
            case "vacancy": vacant.flatMap { hours in ahead.map { .vacancy(hours: hours, freeAheadHours: $0) } }
            case "time": time.flatMap(LocalTime.init).flatMap { local in weekdays.map { .time(local, weekdays: Set($0)) } }
            default: nil
            }
        guard let rule else { return nil }
        return SceneTrigger(
            id: id, couchId: couchId, sceneId: sceneId, rule: rule, catchUp: SceneTrigger.CatchUp(rawValue: catchUp) ?? .once,
            createdAt: created)
    }
}
