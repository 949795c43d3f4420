import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

struct TriggerInput: Content {
    var sceneId: UUID?
    var kind: String?
    var offsetMinutes: Int?
    var vacantHours: Int?
    var freeAheadHours: Int?
    var time: String?
    var weekdays: [Int]?
    var catchUp: String?

    var draft: TriggerService.Draft {
        TriggerService.Draft(
            sceneId: sceneId, kind: kind, offsetMinutes: offsetMinutes, vacantHours: vacantHours, freeAheadHours: freeAheadHours, time: time,
            weekdays: weekdays, catchUp: catchUp)
    }
}

struct TriggerBody: Content {
    var id: UUID
    var couchId: UUID
    var sceneId: UUID
    var kind: String
    var offsetMinutes: Int?
    var vacantHours: Int?
    var freeAheadHours: Int?
    var time: String?
    var weekdays: [Int]?
    var catchUp: String
    var createdAt: Date

    init(_ trigger: SceneTrigger) {
        id = trigger.id
        couchId = trigger.couchId
        sceneId = trigger.sceneId
        kind = trigger.rule.kind
        switch trigger.rule {
        case .beforeCheckIn(let minutes), .afterCheckOut(let minutes): offsetMinutes = minutes
        case .arrival: break
        case .vacancy(let hours, let freeAhead): (vacantHours, freeAheadHours) = (hours, freeAhead)
        case .time(let local, let days): (time, weekdays) = (local.description, days.sorted())
        }
        catchUp = trigger.catchUp.rawValue
        createdAt = trigger.createdAt
    }
}

struct TriggerPage: Content {
    var items: [TriggerBody]
}

struct AutomationRunBody: Content {
    var id: UUID
    var triggerId: UUID?
    var sceneId: UUID?
    var sceneName: String
    var kind: String
    var occasion: String
    var dueAt: Date
    var status: String
    var startedAt: Date
    var finishedAt: Date?
    var results: [SceneRunBody.Result]
    var detail: String?

    init(_ run: AutomationRun) {
        id = run.id
        triggerId = run.triggerId
        sceneId = run.sceneId
        sceneName = run.sceneName
        kind = run.kind
        occasion = run.occasion
        dueAt = run.dueAt
        status = run.status.rawValue
        startedAt = run.startedAt
        finishedAt = run.finishedAt
        results = run.results.map { SceneRunBody.Result(itemId: $0.itemId, outcome: $0.outcome.rawValue, detail: $0.detail) }
        detail = run.detail
    }
}
