import Foundation
import OpenHABModels
import SmartCouchDomain
import SmartCouchPersistence

/// A couch's scenes: the host makes, changes and deletes them; the host, a guest in their stay
/// window (or someone the host granted access) and a stay link's holder run them, each as far
/// as they may.
package struct SceneService: Sendable {
    let scenes: SceneRepository
    let devices: DeviceRepository
    let couches: CouchService
    let access: HomeAccess
    let runner: SceneRunner
    let stays: StayAccessService
    let now: @Sendable () -> Date

    static let maxScenes = 50
    static let maxActions = 50

    package init(
        scenes: SceneRepository, devices: DeviceRepository, couches: CouchService, access: HomeAccess, commands: DeviceCommands,
        stays: StayAccessService, now: @escaping @Sendable () -> Date
    ) {
        self.scenes = scenes
        self.devices = devices
        self.couches = couches
        self.access = access
        self.runner = SceneRunner(commands: commands, access: access)
        self.stays = stays
        self.now = now
    }

    /// A scene as the host writes it; what is nil is left as it is (or defaulted, on creation).
    package struct Draft: Sendable {
        package var name: String?
        package var guestRunnable: Bool?
        package var actions: [SceneAction]?

        package init(name: String?, guestRunnable: Bool?, actions: [SceneAction]?) {
            self.name = name
            self.guestRunnable = guestRunnable
            self.actions = actions
        }
    }

    package func create(couchId: UUID, _ draft: Draft, by principal: Principal) async throws -> Scene {
        _ = try await couches.owned(couchId, by: principal)
        var validation = Validation()
        validation.check(draft.name != nil, "name", "is required")
        validation.check(draft.actions != nil, "actions", "is required")
        try validation.finish()
        let checked = try await check(draft, couchId: couchId, current: nil)
        switch try await scenes.create(
            couchId: couchId, name: checked.name, guestRunnable: checked.guestRunnable, unlocks: checked.unlocks,
            actions: checked.actions ?? [], limit: Self.maxScenes, at: now()
        ) {
        case .written(let scene): return scene
        case .full: throw AppError.conflict("a couch has at most \(Self.maxScenes) scenes; delete one first")
        case let other: throw Self.refusal(other, couchId: couchId)
        }
    }

    /// The owner's every scene; a guest in their window (or a grantee) those they may run. With
    /// the couch's devices, which a built-in scene's actions are made from.
    package func list(couchId: UUID, by principal: Principal) async throws -> ([Scene], [Device]) {
        let role = try await access.require(principal, couchId: couchId, action: .readScenes)
        let all = try await scenes.scenes(couchId: couchId)
        return (role == .owner ? all : all.filter(\.guestRunnable), try await devices.onCouch(couchId))
    }

    /// Every scene of a couch its caller hosts.
    package func scenes(of hosted: HostedCouch) async throws -> [Scene] {
        try await scenes.scenes(couchId: hosted.id)
    }

    package func change(_ id: UUID, _ draft: Draft, by principal: Principal) async throws -> Scene {
        let scene = try await owned(id, by: principal)
        let checked = try await check(draft, couchId: scene.couchId, current: scene)
        switch try await scenes.update(
            id, couchId: scene.couchId, name: draft.name.map { _ in checked.name }, guestRunnable: checked.guestRunnable,
            unlocks: checked.unlocks, actions: checked.actions, at: now()
        ) {
        case .written(let scene): return scene
        case let other: throw Self.refusal(other, couchId: scene.couchId)
        }
    }

    package func delete(_ id: UUID, by principal: Principal) async throws {
        let scene = try await owned(id, by: principal)
        guard try await scenes.delete(id, couchId: scene.couchId) else { throw Self.notFound(id) }
    }

    /// Runs a scene for the host, or for a guest in their window when it is guest-runnable. With
    /// `couch`, only a scene of that couch.
    package func run(_ id: UUID, on couch: HostedCouch? = nil, by principal: Principal) async throws -> [SceneActionResult] {
        let scene = try await known(id, to: principal)
        guard couch.map({ $0.id == scene.couchId }) ?? true else { throw Self.notFound(id) }
        let role = try await access.require(principal, couchId: scene.couchId, action: .runScene, value: scene.name)
        if role != .owner && !scene.guestRunnable {
            let refusal = "the host runs this scene; it is not one guests may run"
            try await access.record(
                .person(principal), couchId: scene.couchId, action: .runScene, value: scene.name, outcome: .denied, detail: refusal)
            throw AppError.forbidden(refusal)
        }
        let couchDevices = try await devices.onCouch(scene.couchId)
        return await runner.run(scene, on: couchDevices, as: role == .owner ? .owner(principal) : .visitor(principal))
    }

    /// The guest-runnable scenes a stay link's holder may run now (none that touches a lock), with
    /// the couch's devices.
    package func scenes(linkToken token: String) async throws -> ([Scene], [Device]) {
        let stay = try await stays.stayInWindow(linkToken: token)
        let couchDevices = try await devices.onCouch(stay.couchId)
        return (try await scenes.scenes(couchId: stay.couchId).filter { $0.guestRunnable && !touchesLock($0, on: couchDevices) }, couchDevices)
    }

    /// Runs a scene for a stay link's holder inside the stay's window. Answers the scene too: the
    /// guest's page names it when it says what the run did.
    package func run(_ id: UUID, linkToken token: String) async throws -> (scene: Scene, results: [SceneActionResult]) {
        let (stay, closed) = try await stays.stayForHome(linkToken: token)
        let scene = try await scenes.scene(id).flatMap { $0.couchId == stay.couchId ? $0 : nil }
        let holder = Actor.atDoor(userId: nil, name: "the stay link's holder")
        // Outside the window the refusal comes first, whatever the id, so it tells nothing of the
        // couch's scenes. A run of one of them is logged like the other refusals; an id that is no
        // scene here writes nothing, so that posting made-up ids does not fill the host's log.
        if let closed {
            if let scene {
                try await access.record(holder, couchId: stay.couchId, action: .runScene, value: scene.name, outcome: .denied, detail: closed.detail)
            }
            throw closed
        }
        guard let scene else { throw Self.notFound(id) }
        let couchDevices = try await devices.onCouch(scene.couchId)
        guard scene.guestRunnable, !touchesLock(scene, on: couchDevices) else {
            let refusal =
                scene.guestRunnable
                ? "a scene that touches a lock is not run through a stay link" : "the host runs this scene; it is not one guests may run"
            try await access.record(holder, couchId: scene.couchId, action: .runScene, value: scene.name, outcome: .denied, detail: refusal)
            throw AppError.forbidden(refusal)
        }
        return (scene, await runner.run(scene, on: couchDevices, as: .linkHolder))
    }

    private func touchesLock(_ scene: Scene, on couchDevices: [Device]) -> Bool {
        let locks = Set(couchDevices.filter { $0.type == .lock }.flatMap(\.items).map(\.id))
        return scene.actions(on: couchDevices).contains { locks.contains($0.itemId) }
    }

    // MARK: Checking what the host wrote

    private struct Checked {
        var name: String
        var guestRunnable: Bool
        var unlocks: Bool
        /// Nil when the draft leaves the actions as they are.
        var actions: [SceneRepository.StoredAction]?
    }

    /// The draft's name, actions and guest-runnability, each valid on the couch's devices; a scene
    /// that unlocks a door is the host's alone (a 422 if asked otherwise, the default when not).
    private func check(_ draft: Draft, couchId: UUID, current: Scene?) async throws -> Checked {
        var validation = Validation()
        let name = (draft.name ?? current?.name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        validation.checkLength(name, "name", in: 1...80)
        validation.checkOneLine(name, "name")
        let couchDevices = try await devices.onCouch(couchId)
        var stored: [SceneRepository.StoredAction]?
        var unlocks = false
        if let actions = draft.actions {
            validation.check(actions.count <= Self.maxActions, "actions", "a scene has at most \(Self.maxActions) actions")
            let items = Dictionary(
                couchDevices.flatMap { device in device.items.map { ($0.id, (device, $0)) } }, uniquingKeysWith: { first, _ in first })
            var seen: Set<UUID> = []
            stored = []
            for (index, action) in actions.prefix(Self.maxActions).enumerated() {
                guard let (device, item) = items[action.itemId] else {
                    validation.fail("actions[\(index)].itemId", "is not an item of this couch's devices")
                    continue
                }
                validation.check(seen.insert(item.id).inserted, "actions[\(index)].itemId", "appears twice; a scene commands an item once")
                switch SceneRunner.command(action.command, for: item, of: device) {
                case .success(let command):
                    unlocks = unlocks || SceneRunner.unlocks(command, item, of: device)
                    stored?.append(.init(deviceId: device.id, action: SceneAction(itemId: item.id, command: command.rawValue)))
                case .failure(let refusal):
                    validation.fail("actions[\(index)].command", refusal.reason)
                }
            }
        } else if let current {
            unlocks = current.actions(on: couchDevices).contains { action in
                guard let device = couchDevices.first(where: { $0.items.contains { $0.id == action.itemId } }),
                    let item = device.items.first(where: { $0.id == action.itemId }),
                    case .success(let command) = SceneRunner.command(action.command, for: item, of: device)
                else { return false }
                return SceneRunner.unlocks(command, item, of: device)
            }
        }
        let guestRunnable = draft.guestRunnable ?? ((current?.guestRunnable ?? true) && !unlocks)
        validation.check(!(guestRunnable && unlocks), "guestRunnable", "a scene that unlocks a door is run by the host alone")
        try validation.finish()
        return Checked(name: name, guestRunnable: guestRunnable, unlocks: unlocks, actions: stored)
    }

    /// The scene, for its couch's owner: a 403 (logged) for a guest of the couch, who may know its
    /// scenes, and a 404 for anyone else, who is not told the id is one.
    private func owned(_ id: UUID, by principal: Principal) async throws -> Scene {
        let scene = try await known(id, to: principal)
        let role = try await access.require(principal, couchId: scene.couchId, action: .changeScene, value: scene.name)
        guard role == .owner else {
            let refusal = "only the couch's owner may change its scenes"
            try await access.record(
                .person(principal), couchId: scene.couchId, action: .changeScene, value: scene.name, outcome: .denied, detail: refusal)
            throw AppError.forbidden(refusal)
        }
        return scene
    }

    /// The scene, to someone its couch's home is known to; anyone else is not told the id is one.
    private func known(_ id: UUID, to principal: Principal) async throws -> Scene {
        guard let scene = try await scenes.scene(id), try await access.knows(principal, couchId: scene.couchId) else { throw Self.notFound(id) }
        return scene
    }

    private static func notFound(_ id: UUID) -> AppError { .notFound("no scene with id \(id)") }

    private static func refusal(_ written: SceneRepository.Written, couchId: UUID) -> AppError {
        switch written {
        case .nameTaken: .conflict("the couch has a scene of this name already")
        case .full: .conflict("a couch has at most \(maxScenes) scenes; delete one first")
        case .missing: .notFound("no couch or scene with this id")
        case .itemGone: .conflict("a device of the scene was deleted meanwhile; read the devices again")
        case .written: preconditionFailure("not a refusal")
        }
    }
}
