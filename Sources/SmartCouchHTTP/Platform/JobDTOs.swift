import Foundation
import OpenHABModels
import SmartCouchDomain
import SmartCouchServices
import Vapor

struct JobRunBody: Content {
    var id: UUID
    var job: String
    var trigger: String
    var scheduledFor: Date?
    var startedAt: Date
    var finishedAt: Date?
    var status: String
    /// The job's own report, as it wrote it.
    var summary: JSONValue?
    var error: String?

    init(_ run: JobRun) {
        id = run.id
        job = run.job
        trigger = run.trigger.rawValue
        scheduledFor = run.scheduledFor
        startedAt = run.startedAt
        finishedAt = run.finishedAt
        status = run.status.rawValue
        summary = run.summary.flatMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
        error = run.error
    }
}
