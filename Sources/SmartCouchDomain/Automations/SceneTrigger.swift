import Foundation

/// When a couch runs one of its scenes by itself.
package struct SceneTrigger: Sendable, Equatable {
    package enum Rule: Sendable, Equatable {
        /// This long before a stay's check-in window opens.
        case beforeCheckIn(minutes: Int)
        /// This long after a stay's window ends, or after it is checked out of, if sooner.
        case afterCheckOut(minutes: Int)
        /// When a stay's guest first opens the door (the keypad or the app), inside the stay.
        case arrival
        /// When no stay has been under way for `hours` and none begins within `freeAheadHours`.
        case vacancy(hours: Int, freeAheadHours: Int)
        /// At a wall-clock time of the couch's on these ISO weekdays (1 Monday … 7 Sunday).
        case time(LocalTime, weekdays: Set<Int>)

        package var kind: String {
            switch self {
            case .beforeCheckIn: "beforeCheckIn"
            case .afterCheckOut: "afterCheckOut"
            case .arrival: "arrival"
            case .vacancy: "vacancy"
            case .time: "time"
            }
        }
    }

    /// A firing found late, after the servers were down: run once, or recorded as skipped.
    package enum CatchUp: String, Sendable {
        case once, skip
    }

    package var id: UUID
    package var couchId: UUID
    package var sceneId: UUID
    package var rule: Rule
    package var catchUp: CatchUp
    package var createdAt: Date

    package init(id: UUID, couchId: UUID, sceneId: UUID, rule: Rule, catchUp: CatchUp, createdAt: Date) {
        self.id = id
        self.couchId = couchId
        self.sceneId = sceneId
        self.rule = rule
        self.catchUp = catchUp
        self.createdAt = createdAt
    }
}

/// A wall-clock time of day, to the minute.
package struct LocalTime: Sendable, Equatable, CustomStringConvertible {
    package var hour: Int
    package var minute: Int

    package init(hour: Int, minute: Int) {
        precondition((0..<24).contains(hour) && (0..<60).contains(minute), "a time of day")
        self.hour = hour
        self.minute = minute
    }

    /// `HH:MM`, 00:00 to 23:59; nil for anything else.
    package init?(_ text: String) {
        guard let match = text.wholeMatch(of: /([01][0-9]|2[0-3]):([0-5][0-9])/), let hour = Int(match.1), let minute = Int(match.2) else {
            return nil
        }
        self.hour = hour
        self.minute = minute
    }

    package var description: String { String(format: "%02d:%02d", hour, minute) }
}

/// One firing of a trigger, and what became of it.
package struct AutomationRun: Sendable, Equatable {
    package enum Status: String, Sendable {
        case running, succeeded, failed, skipped
    }

    package var id: UUID
    package var triggerId: UUID?
    package var couchId: UUID
    package var sceneId: UUID?
    package var sceneName: String
    package var kind: String
    package var occasion: String
    package var dueAt: Date
    package var status: Status
    package var startedAt: Date
    package var finishedAt: Date?
    package var results: [SceneActionResult]
    package var detail: String?

    package init(
        id: UUID, triggerId: UUID?, couchId: UUID, sceneId: UUID?, sceneName: String, kind: String, occasion: String, dueAt: Date, status: Status,
        startedAt: Date, finishedAt: Date?, results: [SceneActionResult], detail: String?
    ) {
        self.id = id
        self.triggerId = triggerId
        self.couchId = couchId
        self.sceneId = sceneId
        self.sceneName = sceneName
        self.kind = kind
        self.occasion = occasion
        self.dueAt = dueAt
        self.status = status
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.results = results
        self.detail = detail
    }
}
