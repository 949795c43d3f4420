import Foundation
import Logging
import ServiceLifecycle
import SmartCouchDomain
import SmartCouchPersistence
import Tracing

/// Runs jobs on their schedules and on an operator's request, and records every run.
///
/// Several servers may share one database: a run happens under the job's PostgreSQL advisory
/// lock, and a scheduled slot's row is unique, so each slot runs once whichever server sees it
/// first, and a job never runs twice at the same time.
package actor Scheduler: Service {
    let jobs: [String: any ScheduledJob]
    let runs: JobRunRepository
    let now: @Sendable () -> Date
    /// The longest the loop sleeps before it reads the clock again; a test clock moves without it.
    let tick: Duration
    /// Whether this process runs the schedules; operators can still run a job by hand when not.
    let scheduling: Bool
    /// How long a run in progress may go on once the server stops.
    let grace: Duration
    let logger: Logger
    let meters: Meters
    /// Set once the server stops: loops start no new run, and one in progress may finish.
    private var stopping = false
    /// The slot each job's loop waits for, set once it has dealt with the slot before.
    private var upcoming: [String: Date] = [:]
    /// Whether it has failed the runs a dead server left 'running', which it does first.
    package private(set) var hasRecovered = false

    package init(
        jobs: [any ScheduledJob], runs: JobRunRepository, now: @escaping @Sendable () -> Date, tick: Duration,
        scheduling: Bool, grace: Duration, logger: Logger, meters: Meters = .none
    ) {
        self.jobs = Dictionary(jobs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.runs = runs
        self.now = now
        self.tick = tick
        self.scheduling = scheduling
        self.grace = grace
        self.logger = logger
        self.meters = meters
    }

    /// Fails the runs a dead server left 'running', then, when scheduling, runs each job on its
    /// schedule from the next slot after now until the server stops.
    ///
    /// Once it stops, no new run starts and a run in progress has the grace to finish before it is
    /// cancelled. A cancelled run is recorded failed (or, if even that cannot be written, marked
    /// abandoned at the next start) and the job runs again at its next slot: every job decides
    /// afresh from the state it finds, so a run cut short leaves nothing to undo.
    package func run() async {
        for job in jobs.values { await recoverAbandoned(job) }
        hasRecovered = true
        guard scheduling else {
            try? await gracefulShutdown()
            return
        }
        let start = now()
        for job in jobs.values { upcoming[job.name] = job.schedule.next(after: start) }
        let dues = upcoming
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await withTaskGroup(of: Void.self) { loops in
                    for (name, due) in dues { if let job = self.jobs[name] { loops.addTask { await self.loop(job, from: due) } } }
                }
            }
            group.addTask {
                try? await gracefulShutdown()
                await self.stop()
                try? await Task.sleep(for: self.grace)
            }
            // Either the loops ended (stopped, no run left) or the grace did: the other goes.
            await group.next()
            group.cancelAll()
        }
    }

    private func stop() { stopping = true }

    /// The slot the job's loop waits for next; nil before the scheduler has started.
    package func upcomingSlot(of job: String) -> Date? { upcoming[job] }

    /// Whether the server has told it to stop.
    package var isStopping: Bool { stopping }

    /// Runs the job now; a conflict when it is already running somewhere.
    package func runNow(_ name: String) async throws -> JobRun {
        guard let job = jobs[name] else { throw AppError.notFound("no job named '\(name)'; there is \(jobs.keys.sorted().joined(separator: ", "))") }
        guard let run = try await execute(job, trigger: .operator, slot: nil) else {
            throw AppError.conflict("job '\(name)' is running right now; try again when it has finished")
        }
        return run
    }

    private func loop(_ job: any ScheduledJob, from first: Date) async {
        var due = first
        logger.info("job \(job.name) scheduled \(job.schedule), next at \(due)")
        while !Task.isCancelled && !stopping {
            let wait = due.timeIntervalSince(now())
            if wait > 0 {
                try? await Task.sleep(for: min(.milliseconds(Int64((wait * 1000).rounded(.up))), tick))
                continue
            }
            let slot = due
            // Slots missed while the server was down or busy are not made up for: one run, now.
            due = job.schedule.next(after: max(now(), slot))
            do {
                _ = try await execute(job, trigger: .schedule, slot: slot)
            } catch {
                logger.error("job \(job.name) could not run for \(slot): \(String(reflecting: error))")
            }
            upcoming[job.name] = due
        }
    }

    /// The finished run; nil when another session holds the job's lock or already ran the slot.
    private func execute(_ job: any ScheduledJob, trigger: JobRun.Trigger, slot: Date?) async throws -> JobRun? {
        // One trace a run, so that its statements and hub calls are not each a trace of their own.
        try await withSpan("job \(job.name)") { _ in try await executeTraced(job, trigger: trigger, slot: slot) }
    }

    private func executeTraced(_ job: any ScheduledJob, trigger: JobRun.Trigger, slot: Date?) async throws -> JobRun? {
        // A job's database calls wait longer for a connection than a request's, and are never shed.
        let result = try await DatabaseWork.$current.withValue(.job) {
            try await runs.whileLocked(job: job.name) { @Sendable () async throws -> JobRun? in
                try await runs.failAbandoned(job: job.name, at: now())
                guard let run = try await runs.begin(job: job.name, trigger: trigger, scheduledFor: slot, at: now()) else { return nil }
                let start = ContinuousClock.now
                do {
                    let summary = try await job.run(logger: logger)
                    let json = String(decoding: try JSONCoding.encoder.encode(summary), as: UTF8.self)
                    record(job, .succeeded, since: start)
                    return try await runs.finish(run.id, status: .succeeded, summary: json, error: nil, at: now())
                } catch {
                    record(job, .failed, since: start)
                    logger.error("job \(job.name) failed: \(String(reflecting: error))")
                    // In a task of its own: a run cut off by a stopping server (cancelled) is still recorded.
                    let finished = Task { [runs, now] in
                        try await runs.finish(run.id, status: .failed, summary: nil, error: String(describing: error), at: now())
                    }
                    return try await finished.value
                }
            }
        }
        return result ?? nil
    }

    private nonisolated func record(_ job: any ScheduledJob, _ outcome: JobRun.Status, since start: ContinuousClock.Instant) {
        let dimensions = [("job", job.name), ("outcome", outcome.rawValue)]
        meters.count("smartcouch_job_runs_total", dimensions)
        meters.time("smartcouch_job_run_duration_seconds", dimensions, since: start)
    }

    private func recoverAbandoned(_ job: any ScheduledJob) async {
        do {
            let failed = try await runs.whileLocked(job: job.name) { try await runs.failAbandoned(job: job.name, at: now()) }
            if let failed, failed > 0 { logger.warning("job \(job.name): marked \(failed) abandoned run(s) failed") }
        } catch {
            logger.error("job \(job.name): could not check for abandoned runs: \(String(reflecting: error))")
        }
    }
}
