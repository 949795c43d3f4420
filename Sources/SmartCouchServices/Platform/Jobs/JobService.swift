import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// What operators may see of and do with scheduled jobs.
package struct JobService: Sendable {
    let scheduler: Scheduler
    let runs: JobRunRepository
    let users: UserService

    package init(scheduler: Scheduler, runs: JobRunRepository, users: UserService) {
        self.scheduler = scheduler
        self.runs = runs
        self.users = users
    }

    package func runs(job: String?, after cursor: PageCursor?, limit: Int, by principal: Principal) async throws -> Page<JobRun> {
        let cursor = try PageCursor.instantKeyed(cursor, order: JobRunRepository.order)
        try await users.requireOperator(principal)
        return try await runs.runs(job: job, before: cursor, limit: limit)
    }

    package func runNow(_ name: String, by principal: Principal) async throws -> JobRun {
        try await users.requireOperator(principal)
        return try await scheduler.runNow(name)
    }
}
