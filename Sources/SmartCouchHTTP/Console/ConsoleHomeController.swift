import Foundation
import OpenHABModels
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A couch's home as its host runs it: each device with its state and its Thing's status, switched
/// and set through the one command path; scenes to run; triggers; tonight's presence plan; the
/// access log, newest first.
struct ConsoleHomeController {
    let devices: DeviceService
    let commands: DeviceCommands
    let scenes: SceneService
    let triggers: TriggerService
    let presence: PresenceService
    let access: HomeAccess
    let couches: CouchService
    let view: ConsoleView

    /// Access-log lines per page.
    static let logPage = 20

    func register(signedIn: any RoutesBuilder) {
        let home = signedIn.grouped("console", "couches", ":couchId")
        home.get("home", use: show)
        home.post("items", ":itemId", "toggle", use: toggle)
        home.post("items", ":itemId", "set", use: set)
        home.post("scenes", ":sceneId", "run", use: runScene)
        home.post("triggers", use: addTrigger)
        home.post("triggers", ":triggerId", "remove", use: removeTrigger)
    }

    struct ItemLine: Encodable {
        var label: String
        var state: String
        var toggle: String?
        var set: String?
        var fieldId: String
    }

    struct DeviceCard: Encodable {
        var name: String
        var kind: String
        var room: String?
        var status: String
        var online: Bool
        var items: [ItemLine]
    }

    struct Named: Encodable {
        var id: String
        var name: String
        var action: String
    }

    struct Option: Encodable {
        var value: String
        var label: String
    }

    struct PlanLine: Encodable {
        var light: String
        var from: String
        var until: String
        /// Where the period sits on the evening's bar, in percent.
        var left: Int
        var width: Int
    }

    struct LogLine: Encodable {
        var when: String
        var who: String
        var what: String
        var outcome: String
    }

    struct Page: Encodable {
        var couchName: String
        var energy: String
        var devices: [DeviceCard]
        var hasDevices: Bool
        var scenes: [Named]
        var hasScenes: Bool
        var triggers: [Named]
        var hasTriggers: Bool
        var addTrigger: String
        var triggerKinds: [Option]
        var plan: [PlanLine]
        var hasPlan: Bool
        var log: [LogLine]
        var olderLog: String?
    }

    @Sendable func show(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let couchId = try request.uuid("couchId", as: "couchId")
        let hosted = try await couches.hosted(couchId, by: principal)
        let couch = hosted.couch
        let t = view.language(request)
        let cursor = try request.query[String.self, at: "log"].map { token in
            guard let cursor = PageCursor(token: token) else { throw AppError.invalid("log", "is not a page of this log") }
            return cursor
        }
        async let live = devices.devices(on: hosted)
        async let listed = scenes.scenes(of: hosted)
        async let couchTriggers = triggers.list(of: hosted)
        async let shownPresence = presence.show(of: hosted)
        async let entries = access.entries(of: hosted, after: cursor, limit: Self.logPage)
        let id = couchId.uuidString.lowercased()
        let base = "/console/couches/\(id)"
        let clock = StayClock(language: t, timeZone: couch.details.timeZone)

        let cards = try await live.map { live in
            DeviceCard(
                name: live.device.name, kind: t["device.\(live.device.type.rawValue)"], room: live.device.room,
                status: !live.reachable ? t["hubUnreachable"] : live.thingStatus.map { Self.status($0, t) } ?? t["thingUnknown"],
                online: live.reachable && live.thingStatus.map { $0.status == .online } ?? true,
                items: live.device.items.map { item in
                    let itemId = item.id.uuidString.lowercased()
                    let takes = live.device.type.takesCommands
                    return ItemLine(
                        label: item.label, state: live.states[item.id] ?? item.lastState ?? "–",
                        toggle: takes && ItemCommand.flip(of: item.itemType) != nil ? "\(base)/items/\(itemId)/toggle" : nil,
                        set: takes && ItemCommand.flip(of: item.itemType) == nil ? "\(base)/items/\(itemId)/set" : nil,
                        fieldId: "value-\(itemId)")
                })
        }
        let sceneList = try await listed
        let sceneLines = sceneList.map {
            Named(id: $0.id.uuidString.lowercased(), name: $0.name, action: "\(base)/scenes/\($0.id.uuidString.lowercased())/run")
        }
        let sceneNames = Dictionary(uniqueKeysWithValues: sceneList.map { ($0.id, $0.name) })
        let triggerLines = try await couchTriggers.map { trigger in
            Named(
                id: trigger.id.uuidString.lowercased(),
                name: t("triggerLine", ["scene": sceneNames[trigger.sceneId] ?? "–", "rule": Self.rule(trigger.rule, t)]),
                action: "\(base)/triggers/\(trigger.id.uuidString.lowercased())/remove")
        }
        let tonight = try await shownPresence.tonight
        let lights = Dictionary(try await live.map { ($0.device.id, $0.device.name) }) { first, _ in first }
        let plan: [PlanLine]
        if let start = tonight.map(\.on).min(), let end = tonight.map(\.off).max(), end > start {
            let span = end.timeIntervalSince(start)
            plan = tonight.map { period in
                PlanLine(
                    light: lights[period.light] ?? t["device.light"], from: clock.time(period.on), until: clock.time(period.off),
                    left: Int(period.on.timeIntervalSince(start) / span * 100),
                    width: max(1, Int(period.off.timeIntervalSince(period.on) / span * 100)))
            }
        } else {
            plan = []
        }
        let logPage = try await entries
        let page = Page(
            couchName: couch.details.name, energy: "\(base)/energy", devices: cards, hasDevices: !cards.isEmpty, scenes: sceneLines,
            hasScenes: !sceneLines.isEmpty,
            triggers: triggerLines, hasTriggers: !triggerLines.isEmpty, addTrigger: "\(base)/triggers",
            triggerKinds: ["beforeCheckIn", "afterCheckOut", "arrival", "vacancy", "time"].map { Option(value: $0, label: t["kind.\($0)"]) },
            plan: plan, hasPlan: !plan.isEmpty,
            log: logPage.items.map { entry in
                LogLine(
                    when: clock.moment(entry.createdAt), who: entry.actorName ?? t["system"],
                    what: [entry.action, entry.itemName, entry.value].compactMap { $0 }.joined(separator: " "),
                    outcome: entry.outcome.rawValue)
            },
            olderLog: logPage.next.map { "\(base)/home?log=\($0.token)" })
        return try await view.render("home", title: t("homeOf", ["couch": couch.details.name]), page, couch: couchId, live: true, for: request)
    }

    struct ValueForm: Content {
        var value: String?
    }

    @Sendable func toggle(_ request: Request) async throws -> Response {
        try await command(request) { itemId, couch, principal in try await commands.toggle(itemId: itemId, on: couch, password: nil, by: principal) }
    }

    @Sendable func set(_ request: Request) async throws -> Response {
        let value = try request.content.decode(ValueForm.self).value ?? ""
        return try await command(request) { itemId, couch, principal in
            try await commands.set(itemId: itemId, on: couch, to: value, password: nil, by: principal)
        }
    }

    /// A command's outcome, told as the API tells it: done (the device reported it), sent but not
    /// yet reported (the API's 202), or why not (offline: the API's 409). Only the host's couch's
    /// own items: the console is the host's, whatever a guest may switch through the API.
    private func command(
        _ request: Request, _ send: (UUID, HostedCouch, Principal) async throws -> DeviceCommands.CommandResult
    ) async throws -> Response {
        let principal = try request.console.principal
        let couchId = try request.uuid("couchId", as: "couchId")
        let itemId = try request.uuid("itemId", as: "itemId")
        let t = view.language(request)
        var told = ""
        let response = try await view.submit(Self.home(couchId), done: "") {
            let result = try await send(itemId, try await couches.hosted(couchId, by: principal), principal)
            told =
                result.confirmed
                ? t("commandDone", ["item": result.item.label, "state": result.state])
                : t("commandUnconfirmed", ["item": result.item.label, "state": result.state])
        }
        return told.isEmpty ? response : view.redirect(Self.home(couchId), notice: told)
    }

    @Sendable func runScene(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let couchId = try request.uuid("couchId", as: "couchId")
        let sceneId = try request.uuid("sceneId", as: "sceneId")
        let t = view.language(request)
        var told = ""
        let response = try await view.submit(Self.home(couchId), done: "") {
            let results = try await scenes.run(sceneId, on: try await couches.hosted(couchId, by: principal), by: principal)
            let notDone = results.count { $0.outcome == .failed || $0.outcome == .denied }
            let unconfirmed = results.count { $0.outcome == .unconfirmed }
            told = t(
                notDone > 0 ? "sceneNotDone" : unconfirmed > 0 ? "sceneUnconfirmed" : "sceneDone",
                ["count": String(notDone > 0 ? notDone : unconfirmed), "total": String(results.count)])
        }
        return told.isEmpty ? response : view.redirect(Self.home(couchId), notice: told)
    }

    /// As a browser sends it: every field, those left empty as empty text.
    struct TriggerForm: Content {
        var sceneId: String?
        var kind: String?
        var offsetMinutes: String?
        var vacantHours: String?
        var freeAheadHours: String?
        var time: String?
        var catchUp: String?
    }

    @Sendable func addTrigger(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let couchId = try request.uuid("couchId", as: "couchId")
        let form = try request.content.decode(TriggerForm.self)
        return try await view.submit(Self.home(couchId), done: view.language(request)["triggerAdded"]) {
            _ = try await triggers.create(
                couchId: couchId,
                TriggerService.Draft(
                    sceneId: form.sceneId.flatMap(UUID.init(uuidString:)), kind: form.kind,
                    offsetMinutes: try ConsoleField.number(form.offsetMinutes, "offsetMinutes"),
                    vacantHours: try ConsoleField.number(form.vacantHours, "vacantHours"),
                    freeAheadHours: try ConsoleField.number(form.freeAheadHours, "freeAheadHours"), time: form.time.flatMap { $0.isEmpty ? nil : $0 },
                    weekdays: nil, catchUp: form.catchUp),
                by: principal)
        }
    }

    @Sendable func removeTrigger(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let couchId = try request.uuid("couchId", as: "couchId")
        let triggerId = try request.uuid("triggerId", as: "triggerId")
        _ = try await couches.hosted(couchId, by: principal)
        let t = view.language(request)
        return try await view.remove(Self.home(couchId), done: t["triggerRemoved"], gone: t["triggerGone"]) {
            try await triggers.delete(triggerId, couchId: couchId, by: principal)
        }
    }

    static func home(_ couchId: UUID) -> String { "/console/couches/\(couchId.uuidString.lowercased())/home" }

    static func status(_ info: ThingStatusInfo, _ t: PageCatalogue.Language) -> String {
        let status = t["thing.\(info.status.rawValue)"]
        return info.statusDetail == "NONE" ? status : "\(status) (\(info.statusDetail))"
    }

    static func rule(_ rule: SceneTrigger.Rule, _ t: PageCatalogue.Language) -> String {
        switch rule {
        case .beforeCheckIn(let minutes): t("rule.beforeCheckIn", ["minutes": "\(minutes)"])
        case .afterCheckOut(let minutes): t("rule.afterCheckOut", ["minutes": "\(minutes)"])
        case .arrival: t["rule.arrival"]
        case .vacancy(let hours, let ahead): t("rule.vacancy", ["hours": "\(hours)", "ahead": "\(ahead)"])
        case .time(let time, _): t("rule.time", ["time": time.description])
        }
    }
}
