import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

package struct JobRunRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    static let lockClass: Int32 = 0x4A4F_4253 // "JOBS"
    package static let order = "jobRuns"

    /// Runs `body` holding the job's advisory lock, or returns nil at once when another session
    /// (this server's or another's) holds it. The lock lives on a connection of its own for the
    /// whole run, so a server that dies mid-run releases it with its connection.
    package func whileLocked<T: Sendable>(job: String, _ body: @Sendable () async throws -> T) async throws -> T? {
        try await client.whileLocked(Self.lockClass, job, logger: logger, body)
    }

    /// Marks the job's runs still 'running' as failed. Only sound under the job's lock: then no
    /// live server is running it, so such a row belongs to a server that died.
    @discardableResult
    package func failAbandoned(job: String, at time: Date) async throws -> Int {
        let rows = try await client.query(
            """
            UPDATE job_runs SET status = 'failed', finished_at = \(time),
                   error = 'abandoned: the server running it stopped before it finished'
            WHERE job = \(job) AND status = 'running'
            RETURNING id
            """, logger: logger)
        var count = 0
        for try await _ in rows.decode(UUID.self) { count += 1 }
        return count
    }

    /// Records the start of a run; nil when a scheduled slot already has its run (another server's).
    package func begin(job: String, trigger: JobRun.Trigger, scheduledFor: Date?, at time: Date) async throws -> JobRun? {
        let rows = try await client.query(
            """
            INSERT INTO job_runs (job, trigger, scheduled_for, started_at, status)
            VALUES (\(job), \(trigger.rawValue), \(scheduledFor), \(time), 'running')
            ON CONFLICT (job, scheduled_for) DO NOTHING
            RETURNING \(unescaped: Self.columns)
            """, logger: logger)
        return try await Self.first(rows)
    }

    package func finish(_ id: UUID, status: JobRun.Status, summary: String?, error: String?, at time: Date) async throws -> JobRun {
        let rows = try await client.query(
            """
            UPDATE job_runs SET status = \(status.rawValue), summary = \(summary)::jsonb, error = \(error), finished_at = \(time)
            WHERE id = \(id)
            RETURNING \(unescaped: Self.columns)
            """, logger: logger)
        guard let run = try await Self.first(rows) else { throw AppError.notFound("no job run with id \(id)") }
        return run
    }

    /// Newest first, only `job`'s when given, after the cursor.
    package func runs(job: String?, before cursor: PageCursor?, limit: Int) async throws -> Page<JobRun> {
        let micros = cursor?.instant
        let rows = try await client.query(
            """
            SELECT \(unescaped: Self.columns) FROM job_runs
            WHERE (\(job)::text IS NULL OR job = \(job))
              AND (\(micros)::bigint IS NULL
                   OR (started_at, id) < (timestamptz '2000-01-01 00:00:00+00' + \(micros) * interval '1 microsecond', \(cursor?.id)))
            ORDER BY started_at DESC, id DESC
            LIMIT \(limit + 1)
            """, logger: logger)
        return Page(fetched: try await Self.all(rows), limit: limit) {
            PageCursor(order: Self.order, key: String($0.startedAt.postgresMicroseconds), id: $0.id)
        }
    }

    private static let columns = "id, job, trigger, scheduled_for, started_at, finished_at, status, summary::text, error"

    private static func all(_ rows: PostgresRowSequence) async throws -> [JobRun] {
        var runs: [JobRun] = []
        for try await (id, job, trigger, scheduledFor, startedAt, finishedAt, status, summary, error)
            in rows.decode((UUID, String, String, Date?, Date, Date?, String, String?, String?).self)
        {
            runs.append(
                JobRun(
                    id: id, job: job, trigger: JobRun.Trigger(rawValue: trigger) ?? .schedule, scheduledFor: scheduledFor,
                    startedAt: startedAt, finishedAt: finishedAt, status: JobRun.Status(rawValue: status) ?? .failed,
                    summary: summary, error: error))
        }
        return runs
    }

    private static func first(_ rows: PostgresRowSequence) async throws -> JobRun? {
        try await all(rows).first
    }
}
