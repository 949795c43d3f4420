import Foundation
import PostgresNIO
import ServiceLifecycleTestKit
import TestSupport
import Testing

@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

@Suite struct SchedulerTests {
    static func instant(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    /// A scheduler on the server's database, as a second server on the same database would run one.
    static func scheduler(_ server: TestServer, _ jobs: [any ScheduledJob], scheduling: Bool = true, grace: Duration = .zero) -> Scheduler {
        let clock = server.clock
        return Scheduler(
            jobs: jobs, runs: JobRunRepository(client: server.database.client, logger: TestDatabases.logger),
            now: { clock.now }, tick: .milliseconds(10), scheduling: scheduling, grace: grace, logger: TestDatabases.logger)
    }

    /// `body` while the scheduler runs as a server's service group runs it, once it has planned the
    /// probe's first slot; then the server stops and the scheduler's run has ended.
    static func running(_ scheduler: Scheduler, _ body: (GracefulShutdownTestTrigger) async throws -> Void) async throws {
        try await testGracefulShutdown { trigger in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await scheduler.run() }
                do {
                    // The clock a test moves is read once at start for the first slots.
                    try await eventually("the scheduler has planned its first slot") { await scheduler.upcomingSlot(of: "probe") != nil }
                    try await body(trigger)
                } catch {
                    group.cancelAll()
                    throw error
                }
                trigger.triggerGracefulShutdown()
                try await group.waitForAll()
            }
        }
    }

    /// A server that starts and stops at once: it has done what it does at start when this returns.
    static func startAndStop(_ scheduler: Scheduler) async {
        await testGracefulShutdown { trigger in
            trigger.triggerGracefulShutdown()
            await scheduler.run()
        }
    }

    @Test("two schedulers on one database run each slot once")
    func oneRunPerSlot() async throws {
        try await TestServer.with { server in
            server.clock.freeze(at: Self.instant("2026-11-21T10:04:59Z"))
            let job = ProbeJob(schedule: .hourly(minute: 5))
            let first = Self.scheduler(server, [job])
            let second = Self.scheduler(server, [job])
            try await Self.running(first) { _ in
                try await Self.running(second) { _ in
                    server.clock.advance(by: 2)
                    try await eventually("the 10:05 slot has run") { try await JobRuns.runs(server, job: "probe").first?.status == .succeeded }
                    // Each scheduler has dealt with the slot (run it, or found it taken) and waits for the next.
                    try await eventually("both schedulers wait for 11:05") {
                        let slots = (await first.upcomingSlot(of: "probe"), await second.upcomingSlot(of: "probe"))
                        return slots == (Self.instant("2026-11-21T11:05:00Z"), Self.instant("2026-11-21T11:05:00Z"))
                    }
                    #expect(job.runs == 1)
                    let runs = try await JobRuns.runs(server, job: "probe")
                    #expect(runs.count == 1)
                    #expect(runs.first?.scheduledFor == Self.instant("2026-11-21T10:05:00Z"))
                    #expect(runs.first?.trigger == .schedule)
                    #expect(runs.first?.summary == #"{"run": 1}"#)

                    server.clock.advance(by: 3600)
                    try await eventually("both schedulers wait for 12:05") {
                        let slots = (await first.upcomingSlot(of: "probe"), await second.upcomingSlot(of: "probe"))
                        return slots == (Self.instant("2026-11-21T12:05:00Z"), Self.instant("2026-11-21T12:05:00Z"))
                    }
                    #expect(job.runs == 2)
                    #expect(try await JobRuns.runs(server, job: "probe").count == 2)
                }
            }
        }
    }

    @Test("a stop lets the run in progress finish within the grace, and fails one that outlasts it")
    func stoppingLetsTheRunInProgressFinish() async throws {
        try await TestServer.with { server in
            server.clock.freeze(at: Self.instant("2026-11-21T10:04:59Z"))
            let job = ProbeJob(schedule: .hourly(minute: 5))
            job.hold()
            let scheduler = Self.scheduler(server, [job], grace: .seconds(60))
            try await Self.running(scheduler) { trigger in
                server.clock.advance(by: 2)
                try await eventually("the 10:05 run is going") { job.running }
                trigger.triggerGracefulShutdown()
                try await eventually("the scheduler is stopping with the run held") { await scheduler.isStopping }
                job.release()
            }
            #expect(try await JobRuns.runs(server, job: "probe").map(\.status) == [.succeeded], "finished, not cut off")

            let slow = ProbeJob(schedule: .hourly(minute: 5))
            slow.hold()
            let next = Self.scheduler(server, [slow], grace: .milliseconds(200))
            try await Self.running(next) { _ in
                server.clock.advance(by: 3600)
                try await eventually("the 11:05 run is going") { slow.running }
            }
            let runs = try await JobRuns.runs(server, job: "probe")
            #expect(runs.map(\.status) == [.failed, .succeeded], "the run cut off at the grace is recorded failed")
            #expect(runs.first?.scheduledFor == Self.instant("2026-11-21T11:05:00Z"))
        }
    }

    @Test("a slot that passes while the clock has not reached it runs nothing")
    func nothingBeforeTheSlot() async throws {
        try await TestServer.with { server in
            server.clock.freeze(at: Self.instant("2026-11-21T10:05:00Z"))
            let job = ProbeJob(schedule: .hourly(minute: 5))
            let scheduler = Self.scheduler(server, [job])
            try await Self.running(scheduler) { _ in
                #expect(
                    await scheduler.upcomingSlot(of: "probe") == Self.instant("2026-11-21T11:05:00Z"),
                    "10:05 itself is not after 10:05; the next slot is 11:05")
                #expect(job.runs == 0)
            }
        }
    }

    @Test("a run left 'running' by a dead server is failed by the next start, a live one is not")
    func abandonedRuns() async throws {
        try await TestServer.with { server in
            let job = ProbeJob()
            job.hold()
            let live = Self.scheduler(server, [job])
            let liveRun = Task { try await live.runNow("probe") }
            try await eventually("the live run has started") { job.running }

            let starting = Self.scheduler(server, [job], scheduling: false)
            await Self.startAndStop(starting)
            #expect(try await JobRuns.runs(server, job: "probe").map(\.status) == [.running], "a live server's run is left alone")
            await #expect(throws: AppError.conflict("job 'probe' is running right now; try again when it has finished")) {
                try await starting.runNow("probe")
            }
            job.release()
            #expect(try await liveRun.value.status == .succeeded)

            let abandoned = try await JobRuns.abandonedRun(server, job: "probe")
            await Self.startAndStop(Self.scheduler(server, [job], scheduling: false))
            let recovered = try #require(try await JobRuns.runs(server, job: "probe").first { $0.id == abandoned })
            #expect(recovered.status == .failed)
            #expect(recovered.finishedAt != nil)
            #expect(recovered.error?.contains("abandoned") == true)
        }
    }

    @Test("a job that throws leaves a failed run with its error")
    func failingJob() async throws {
        try await TestServer.with { server in
            let job = ProbeJob()
            job.fail()
            let scheduler = Self.scheduler(server, [job])
            let failed = try await scheduler.runNow("probe")
            #expect(failed.status == .failed)
            #expect(failed.error == "the probe was told to fail")
            #expect(failed.summary == nil)
            #expect(failed.trigger == .operator)
            #expect(failed.scheduledFor == nil)
        }
    }
}
