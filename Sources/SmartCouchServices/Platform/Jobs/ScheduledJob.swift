import Logging
import SmartCouchDomain
import SmartCouchPersistence

/// Work the scheduler runs on a schedule and on an operator's request. The scheduler records
/// each run in `job_runs`, with the summary `run` returns (stored as JSON) or the error it threw.
package protocol ScheduledJob: Sendable {
    /// Unique among jobs; the path segment of `POST /jobs/{name}/run`.
    var name: String { get }
    var schedule: Schedule { get }
    func run(logger: Logger) async throws -> any Encodable & Sendable
}
