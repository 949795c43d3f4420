import Foundation

/// One run of a scheduled job, as `job_runs` records it.
public struct JobRun: Sendable, Equatable {
    public enum Trigger: String, Sendable { case schedule, `operator` }
    public enum Status: String, Sendable { case running, succeeded, failed }

    public var id: UUID
    public var job: String
    public var trigger: Trigger
    /// The slot of a scheduled run; nil when an operator started it.
    public var scheduledFor: Date?
    public var startedAt: Date
    public var finishedAt: Date?
    public var status: Status
    /// What the job reported, as JSON text.
    public var summary: String?
    public var error: String?
}
