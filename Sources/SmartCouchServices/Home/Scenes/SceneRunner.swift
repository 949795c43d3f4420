import Foundation
import OpenHABModels
import SmartCouchDomain

/// Runs a scene's actions at once, each through the one device-command path with the rights of
/// whoever runs it, so that the run takes about as long as its slowest action and a dead device
/// stops none of the others; the run and each action are in the access log.
struct SceneRunner: Sendable {
    let commands: DeviceCommands
    let access: HomeAccess

    /// Who runs a scene, and so what its actions may do.
    enum Runner: Sendable {
        case owner(Principal)
        /// A guest in their stay window, or someone the host granted access: the devices the host
        /// made available to guests.
        case visitor(Principal)
        /// A stay link's holder: the same devices, never a lock.
        case linkHolder
        /// A trigger of the couch's, for its owner: anything but unlocking a door.
        case automation(String)

        var authority: DeviceCommands.Authority {
            switch self {
            case .owner(let principal), .visitor(let principal): .person(principal)
            case .linkHolder: .linkHolder
            case .automation(let name): .automation(name)
            }
        }
    }

    func run(_ scene: Scene, on devices: [Device], as runner: Runner) async -> [SceneActionResult] {
        let actions = scene.actions(on: devices)
        let reason = "scene \"\(scene.name)\""
        let results = await withTaskGroup(of: (Int, SceneActionResult).self) { group in
            for (index, action) in actions.enumerated() {
                group.addTask { (index, await perform(action, as: runner, reason: reason)) }
            }
            var results: [SceneActionResult?] = Array(repeating: nil, count: actions.count)
            for await (index, result) in group { results[index] = result }
            return results.compactMap { $0 }
        }
        let counts = Dictionary(grouping: results, by: \.outcome).mapValues(\.count)
        let summary = SceneActionResult.Outcome.allCases.compactMap { outcome in counts[outcome].map { "\($0) \(outcome.rawValue)" } }
        let outcome: AccessLogEntry.Outcome = results.allSatisfy { $0.outcome == .ok } ? .ok : counts[.denied] == results.count ? .denied : .failed
        try? await access.record(
            runner.authority.actor, couchId: scene.couchId, action: .runScene, value: scene.name, outcome: outcome,
            detail: summary.isEmpty ? "no actions on the couch's devices" : summary.joined(separator: ", "))
        return results
    }

    private func perform(_ action: SceneAction, as runner: Runner, reason: String) async -> SceneActionResult {
        do {
            let result = try await commands.set(itemId: action.itemId, to: action.command, as: runner.authority, reason: reason)
            if result.confirmed { return SceneActionResult(itemId: action.itemId, outcome: .ok) }
            return SceneActionResult(
                itemId: action.itemId, outcome: .unconfirmed,
                detail: "sent; the device did not report it done in time" + (result.reportedState.map { " (it reported \($0))" } ?? ""))
        } catch let error as AppError {
            let denied: Set<AppError.Kind> = [.forbidden, .reauthenticationRequired]
            return SceneActionResult(itemId: action.itemId, outcome: denied.contains(error.kind) ? .denied : .failed, detail: error.detail)
        } catch {
            return SceneActionResult(itemId: action.itemId, outcome: .failed, detail: "the command could not be given")
        }
    }

    /// What `text` commands on `item`: refused for a sensor and a lock's notifications.
    static func command(_ text: String, for item: DeviceItem, of device: Device) -> Result<Command, ItemCommand.Refusal> {
        guard device.type.takesCommands, !item.reportsLockEvents else { return .failure(.init("\(device.name) reports, and takes no commands")) }
        return ItemCommand.parse(text, for: item.itemType, readOnly: false)
    }

    /// Whether the command opens a door.
    static func unlocks(_ command: Command, _ item: DeviceItem, of device: Device) -> Bool {
        device.type == .lock && item.isMain && command == .off
    }
}
