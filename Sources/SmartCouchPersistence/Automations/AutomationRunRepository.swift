import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// Triggers' firings: which are due, claimed once across servers, and what became of them.
package struct AutomationRunRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    package static let order = "automationRuns"

    /// A firing this server claimed, to run (or recorded as skipped).
    package struct Claimed: Sendable {
        package var runId: UUID
        package var couchId: UUID
        package var sceneId: UUID
        package var sceneName: String
        package var kind: String
        package var status: AutomationRun.Status
    }

    /// Every firing due at `now` that has no row yet gets one, in one statement: a server that
    /// inserts it runs it, any other finds it there. A stay trigger, an arrival or a time trigger
    /// due more than `tolerance` ago was missed while no server ran: its trigger's catch-up rule
    /// runs it now or records it skipped. Occasions before a trigger was made are not its own.
    package func claimDue(at now: Date, tolerance: TimeInterval) async throws -> [Claimed] {
        // Fires: automation_runs_event (automation.run) once the run has a final status.
        let rows = try await client.query(
            """
            WITH due AS (
                SELECT t.id AS trigger_id, t.couch_id, t.scene_id, t.kind, t.catch_up,
                       s.stay_id::text || ' ' || utc_text(lower(w.w) - make_interval(mins => t.offset_minutes)) AS occasion,
                       lower(w.w) - make_interval(mins => t.offset_minutes) AS due_at
                FROM triggers t JOIN couches c ON c.id = t.couch_id
                -- Each trigger's couch's stays by the occupancies' index (OFFSET 0: not flattened into one big join).
                CROSS JOIN LATERAL (
                    SELECT g.stay_id, g.stay FROM guest_stays g
                    WHERE g.couch_id = t.couch_id
                      AND g.stay && daterange((\(now)::timestamptz AT TIME ZONE c.time_zone)::date - 1, (\(now)::timestamptz AT TIME ZONE c.time_zone)::date + 9)
                    OFFSET 0) s
                CROSS JOIN LATERAL (SELECT stay_window(s.stay, c.check_in_time, c.check_out_time, c.time_zone)) w(w)
                WHERE t.kind = 'beforeCheckIn'
                  AND lower(w.w) - make_interval(mins => t.offset_minutes) BETWEEN t.created_at AND \(now)
                  AND upper(w.w) > \(now)
                  AND NOT EXISTS (SELECT 1 FROM stay_presence p WHERE p.stay_id = s.stay_id AND p.checked_out_at IS NOT NULL)
                UNION ALL
                SELECT t.id, t.couch_id, t.scene_id, t.kind, t.catch_up, s.stay_id::text || ' ' || utc_text(e.due), e.due
                FROM triggers t JOIN couches c ON c.id = t.couch_id
                CROSS JOIN LATERAL (
                    SELECT g.stay_id, g.stay FROM guest_stays g
                    WHERE g.couch_id = t.couch_id
                      AND g.stay && daterange((\(now)::timestamptz AT TIME ZONE c.time_zone)::date - 9, (\(now)::timestamptz AT TIME ZONE c.time_zone)::date + 1)
                    OFFSET 0) s
                CROSS JOIN LATERAL (SELECT stay_window(s.stay, c.check_in_time, c.check_out_time, c.time_zone)) w(w)
                LEFT JOIN stay_presence p ON p.stay_id = s.stay_id
                CROSS JOIN LATERAL (SELECT least(upper(w.w), coalesce(p.checked_out_at, 'infinity')) + make_interval(mins => t.offset_minutes)) e(due)
                WHERE t.kind = 'afterCheckOut' AND e.due BETWEEN greatest(t.created_at, \(now)::timestamptz - interval '1 day') AND \(now)
                UNION ALL
                SELECT t.id, t.couch_id, t.scene_id, t.kind, t.catch_up, p.stay_id::text, p.checked_in_at
                FROM triggers t JOIN stay_presence p ON p.couch_id = t.couch_id
                WHERE t.kind = 'arrival' AND p.checked_in_at BETWEEN greatest(t.created_at, \(now)::timestamptz - interval '1 day') AND \(now)
                  AND p.checked_out_at IS NULL AND EXISTS (SELECT 1 FROM guest_stays s WHERE s.stay_id = p.stay_id)
                UNION ALL
                SELECT t.id, t.couch_id, t.scene_id, t.kind, t.catch_up, 'vacant since ' || utc_text(v.since),
                       greatest(v.since + make_interval(hours => t.vacant_hours), t.created_at)
                FROM triggers t JOIN couches c ON c.id = t.couch_id
                CROSS JOIN LATERAL (
                    SELECT coalesce(max(x.ended) FILTER (WHERE x.ended <= \(now)), c.created_at) AS since,
                           coalesce(bool_or(lower(x.w) <= \(now) AND x.ended > \(now)), false) AS occupied,
                           min(lower(x.w)) FILTER (WHERE lower(x.w) > \(now)) AS next_start
                    FROM (SELECT w.w, least(upper(w.w), coalesce(p.checked_out_at, 'infinity')) AS ended
                          FROM (SELECT g.stay_id, g.stay FROM guest_stays g WHERE g.couch_id = t.couch_id OFFSET 0) s
                          CROSS JOIN LATERAL (SELECT stay_window(s.stay, c.check_in_time, c.check_out_time, c.time_zone)) w(w)
                          LEFT JOIN stay_presence p ON p.stay_id = s.stay_id) x) v
                WHERE t.kind = 'vacancy' AND NOT v.occupied
                  AND v.since + make_interval(hours => t.vacant_hours) <= \(now)
                  AND (v.next_start IS NULL OR v.next_start > \(now)::timestamptz + make_interval(hours => t.free_ahead_hours))
                UNION ALL
                SELECT t.id, t.couch_id, t.scene_id, t.kind, t.catch_up, d.day::text, d.due
                FROM triggers t JOIN couches c ON c.id = t.couch_id
                CROSS JOIN LATERAL (
                    SELECT days.day, (days.day + t.local_time) AT TIME ZONE c.time_zone AS due
                    FROM (VALUES ((\(now)::timestamptz AT TIME ZONE c.time_zone)::date),
                                 ((\(now)::timestamptz AT TIME ZONE c.time_zone)::date - 1)) AS days(day)
                    WHERE extract(isodow FROM days.day)::smallint = ANY (t.weekdays)
                      AND (days.day + t.local_time) AT TIME ZONE c.time_zone <= \(now)
                    ORDER BY days.day DESC LIMIT 1) d
                WHERE t.kind = 'time' AND d.due >= t.created_at
            ), judged AS (
                SELECT d.*, d.kind <> 'vacancy' AND d.due_at < \(now)::timestamptz - make_interval(secs => \(tolerance)) AND d.catch_up = 'skip' AS skipped
                FROM due d
            )
            INSERT INTO automation_runs AS r (trigger_id, couch_id, scene_id, scene_name, kind, occasion, due_at, status, started_at, finished_at, detail)
            SELECT j.trigger_id, j.couch_id, j.scene_id, sc.name, j.kind, j.occasion, j.due_at,
                   CASE WHEN j.skipped THEN 'skipped' ELSE 'running' END, \(now),
                   CASE WHEN j.skipped THEN \(now) END,
                   CASE WHEN j.skipped THEN 'missed while no server ran; its trigger skips late firings' END
            FROM judged j JOIN scenes sc ON sc.id = j.scene_id
            ON CONFLICT (trigger_id, occasion) DO NOTHING
            RETURNING r.id, r.couch_id, r.scene_id, r.scene_name, r.kind, r.status
            """, logger: logger)
        var claimed: [Claimed] = []
        for try await (id, couchId, sceneId, name, kind, status) in rows.decode((UUID, UUID, UUID, String, String, String).self) {
            claimed.append(
                Claimed(
                    runId: id, couchId: couchId, sceneId: sceneId, sceneName: name, kind: kind,
                    status: AutomationRun.Status(rawValue: status) ?? .running))
        }
        return claimed
    }

    /// Runs a server left 'running' when it died are failed, once they are older than any run takes.
    package func failAbandoned(before: Date, at now: Date) async throws {
        // Fires: automation_runs_event (automation.run).
        try await client.query(
            """
            UPDATE automation_runs SET status = 'failed', finished_at = \(now), detail = 'abandoned: the server running it stopped'
            WHERE status = 'running' AND started_at < \(before)
            """, logger: logger)
    }

    package func finish(_ id: UUID, status: AutomationRun.Status, results: [SceneActionResult], detail: String?, at now: Date) async throws {
        let json = String(
            decoding: try JSONSerialization.data(
                withJSONObject: results.map { result in
                    var entry: [String: Any] = ["itemId": result.itemId.uuidString.lowercased(), "outcome": result.outcome.rawValue]
                    if let detail = result.detail { entry["detail"] = detail }
                    return entry
                }), as: UTF8.self)
        // Fires: automation_runs_event (automation.run).
        try await client.query(
            """
            UPDATE automation_runs SET status = \(status.rawValue), results = \(json)::jsonb, detail = \(detail), finished_at = \(now)
            WHERE id = \(id) AND status = 'running'
            """, logger: logger)
    }

    /// A couch's runs, latest first.
    package func runs(couchId: UUID, after cursor: PageCursor?, limit: Int) async throws -> Page<AutomationRun> {
        let micros = cursor?.instant
        let rows = try await client.query(
            """
            SELECT id, trigger_id, couch_id, scene_id, scene_name, kind, occasion, due_at, status, started_at, finished_at, results::text, detail
            FROM automation_runs
            WHERE couch_id = \(couchId)
              AND (\(micros)::bigint IS NULL
                   OR (started_at, id) < (timestamptz '2000-01-01 00:00:00+00' + \(micros) * interval '1 microsecond', \(cursor?.id)))
            ORDER BY started_at DESC, id DESC
            LIMIT \(limit + 1)
            """, logger: logger)
        var runs: [AutomationRun] = []
        for try await (id, triggerId, couchId, sceneId, sceneName, kind, occasion, due, status, started, finished, results, detail)
            in rows.decode((UUID, UUID?, UUID, UUID?, String, String, String, Date, String, Date, Date?, String, String?).self)
        {
            runs.append(
                AutomationRun(
                    id: id, triggerId: triggerId, couchId: couchId, sceneId: sceneId, sceneName: sceneName, kind: kind, occasion: occasion,
                    dueAt: due,
                    status: AutomationRun.Status(rawValue: status) ?? .failed, startedAt: started, finishedAt: finished,
                    results: Self.results(results), detail: detail))
        }
        return Page(fetched: runs, limit: limit) {
            PageCursor(order: Self.order, key: String($0.startedAt.postgresMicroseconds), id: $0.id)
        }
    }

    private static func results(_ json: String) -> [SceneActionResult] {
        let entries = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [[String: Any]] ?? []
        return entries.compactMap { entry in
            guard let id = (entry["itemId"] as? String).flatMap(UUID.init(uuidString:)),
                let outcome = (entry["outcome"] as? String).flatMap(SceneActionResult.Outcome.init)
            else { return nil }
            return SceneActionResult(itemId: id, outcome: outcome, detail: entry["detail"] as? String)
        }
    }
}
