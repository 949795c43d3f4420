import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// A couch's triggers and what they ran, for its owner.
package struct TriggerService: Sendable {
    let triggers: TriggerRepository
    let runs: AutomationRunRepository
    let scenes: SceneRepository
    let devices: DeviceRepository
    let couches: CouchService
    let now: @Sendable () -> Date

    static let maxTriggers = 50

    package init(
        triggers: TriggerRepository, runs: AutomationRunRepository, scenes: SceneRepository, devices: DeviceRepository, couches: CouchService,
        now: @escaping @Sendable () -> Date
    ) {
        self.triggers = triggers
        self.runs = runs
        self.scenes = scenes
        self.devices = devices
        self.couches = couches
        self.now = now
    }

    /// A trigger as the host writes it.
    package struct Draft: Sendable {
        package var sceneId: UUID?
        package var kind: String?
        package var offsetMinutes: Int?
        package var vacantHours: Int?
        package var freeAheadHours: Int?
        package var time: String?
        package var weekdays: [Int]?
        package var catchUp: String?

        package init(
            sceneId: UUID?, kind: String?, offsetMinutes: Int?, vacantHours: Int?, freeAheadHours: Int?, time: String?, weekdays: [Int]?,
            catchUp: String?
        ) {
            self.sceneId = sceneId
            self.kind = kind
            self.offsetMinutes = offsetMinutes
            self.vacantHours = vacantHours
            self.freeAheadHours = freeAheadHours
            self.time = time
            self.weekdays = weekdays
            self.catchUp = catchUp
        }
    }

    package func create(couchId: UUID, _ draft: Draft, by principal: Principal) async throws -> SceneTrigger {
        _ = try await couches.owned(couchId, by: principal)
        let (rule, catchUp) = try Self.rule(of: draft)
        guard let sceneId = draft.sceneId, let scene = try await scenes.scene(sceneId), scene.couchId == couchId else {
            throw AppError.invalid("sceneId", "is not a scene of this couch")
        }
        if try await unlocks(scene) {
            throw AppError.invalid("sceneId", "the scene unlocks a door; only people unlock doors, so no trigger runs it")
        }
        switch try await triggers.create(couchId: couchId, sceneId: sceneId, rule: rule, catchUp: catchUp, limit: Self.maxTriggers, at: now()) {
        case .created(let trigger): return trigger
        case .full: throw AppError.conflict("a couch has at most \(Self.maxTriggers) triggers; delete one first")
        case .sceneGone: throw AppError.invalid("sceneId", "is not a scene of this couch")
        }
    }

    package func list(couchId: UUID, by principal: Principal) async throws -> [SceneTrigger] {
        try await list(of: couches.hosted(couchId, by: principal))
    }

    package func list(of hosted: HostedCouch) async throws -> [SceneTrigger] {
        try await triggers.triggers(couchId: hosted.id)
    }

    package func delete(_ id: UUID, couchId: UUID, by principal: Principal) async throws {
        _ = try await couches.owned(couchId, by: principal)
        guard try await triggers.delete(id, couchId: couchId) else { throw AppError.notFound("the couch has no trigger with id \(id)") }
    }

    package func runs(couchId: UUID, after cursor: PageCursor?, limit: Int, by principal: Principal) async throws -> Page<AutomationRun> {
        _ = try await couches.owned(couchId, by: principal)
        let cursor = try PageCursor.instantKeyed(cursor, order: AutomationRunRepository.order)
        return try await runs.runs(couchId: couchId, after: cursor, limit: limit)
    }

    private func unlocks(_ scene: Scene) async throws -> Bool {
        let couchDevices = try await devices.onCouch(scene.couchId)
        return scene.actions(on: couchDevices).contains { action in
            couchDevices.contains { device in
                device.type == .lock && device.items.contains { $0.id == action.itemId && $0.isMain && action.command == "OFF" }
            }
        }
    }

    /// The rule the draft describes, each field checked; fields of another kind are refused rather
    /// than ignored, so that a typo does not make a trigger the host did not mean.
    static func rule(of draft: Draft) throws -> (SceneTrigger.Rule, SceneTrigger.CatchUp) {
        var validation = Validation()
        validation.check(draft.sceneId != nil, "sceneId", "is required")
        let catchUp = SceneTrigger.CatchUp(rawValue: draft.catchUp ?? "once")
        validation.check(catchUp != nil, "catchUp", "must be once or skip")
        let kinds = ["beforeCheckIn", "afterCheckOut", "arrival", "vacancy", "time"]
        let kind = draft.kind.flatMap { kinds.contains($0) ? $0 : nil }
        validation.check(kind != nil, "kind", "must be one of \(kinds.joined(separator: ", "))")
        let fields: [String: Bool] = [
            "offsetMinutes": draft.offsetMinutes != nil, "vacantHours": draft.vacantHours != nil, "freeAheadHours": draft.freeAheadHours != nil,
            "time": draft.time != nil, "weekdays": draft.weekdays != nil
        ]
        let wanted: Set<String> =
            switch kind {
            case "beforeCheckIn", "afterCheckOut": ["offsetMinutes"]
            case "vacancy": ["vacantHours", "freeAheadHours"]
            case "time": ["time", "weekdays"]
            case "arrival": []
            default: Set(fields.keys)
            }
        for (field, given) in fields.sorted(by: { $0.key < $1.key }) where given && !wanted.contains(field) {
            validation.fail(field, "is not a setting of a \(kind ?? "") trigger")
        }
        let offset = draft.offsetMinutes ?? 0
        let local = draft.time.flatMap(LocalTime.init)
        let weekdays = Set(draft.weekdays ?? Array(1...7))
        switch kind {
        case "beforeCheckIn", "afterCheckOut":
            validation.check((0...10080).contains(offset), "offsetMinutes", "must be from 0 to 10080 (a week)")
        case "vacancy":
            validation.check(draft.vacantHours.map { (1...8760).contains($0) } ?? false, "vacantHours", "is required, from 1 to 8760 (a year)")
            validation.check((0...8760).contains(draft.freeAheadHours ?? 0), "freeAheadHours", "must be from 0 to 8760 (a year)")
        case "time":
            validation.check(local != nil, "time", "is required, the couch's local time as HH:MM")
            validation.check(
                !weekdays.isEmpty && weekdays.isSubset(of: 1...7) && weekdays.count == (draft.weekdays ?? Array(1...7)).count,
                "weekdays", "must be distinct ISO weekdays, 1 (Monday) to 7 (Sunday)")
        default:
            break
        }
        try validation.finish()
        let rule: SceneTrigger.Rule =
            switch kind {
            case "beforeCheckIn": .beforeCheckIn(minutes: offset)
            case "afterCheckOut": .afterCheckOut(minutes: offset)
            case "vacancy": .vacancy(hours: draft.vacantHours ?? 1, freeAheadHours: draft.freeAheadHours ?? 0)
            case "time": .time(local ?? LocalTime("00:00")!, weekdays: weekdays)
            default: .arrival
            }
        return (rule, catchUp ?? .once)
    }
}
