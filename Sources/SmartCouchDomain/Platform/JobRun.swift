import Foundation

/// One run of a scheduled job, as `job_runs` records it.
package struct JobRun: Sendable, Equatable {
    package enum Trigger: String, Sendable { case schedule, `operator` }
    package enum Status: String, Sendable { case running, succeeded, failed }

    package var id: UUID
    package var job: String
    package var trigger: Trigger
    /// The slot of a scheduled run; nil when an operator started it.
    package var scheduledFor: Date?
    package var startedAt: Date
    package var finishedAt: Date?
    package var status: Status
    /// What the job reported, as JSON text.
    package var summary: String?
    package var error: String?

    package init(
        id: UUID, job: String, trigger: Trigger, scheduledFor: Date? = nil, startedAt: Date, finishedAt: Date? = nil, status: Status,
        summary: String? = nil, error: String? = nil
    ) {
        self.id = id
        self.job = job
        self.trigger = trigger
        self.scheduledFor = scheduledFor
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.status = status
        self.summary = summary
        self.error = error
    }
}
