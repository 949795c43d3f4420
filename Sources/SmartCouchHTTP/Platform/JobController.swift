import SmartCouchDomain
import SmartCouchServices
import Vapor

/// Scheduled jobs, for operators: their recent runs, and running one now.
struct JobController {
    let jobs: JobService

    func register(authenticated: any RoutesBuilder) {
        let group = authenticated.grouped("jobs")
        group.get("runs", use: runs)
        group.post(":name", "run", use: run)
    }

    @Sendable func runs(_ request: Request) async throws -> PageBody<JobRunBody> {
        let query = try PageQuery(request, defaultLimit: 50, formerCursorName: "before")
        let page = try await jobs.runs(
            job: request.query.get(String?.self, at: "job"), after: query.cursor, limit: query.limit, by: request.principal)
        return PageBody(page, JobRunBody.init)
    }

    @Sendable func run(_ request: Request) async throws -> JobRunBody {
        JobRunBody(try await jobs.runNow(request.parameters.get("name") ?? "", by: request.principal))
    }
}
