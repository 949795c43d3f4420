import Foundation
import Logging
import ServiceLifecycle
import SmartCouchDomain
import SmartCouchPersistence

/// Fires the couches' triggers: every tick, one statement claims each firing now due that has no
/// row yet (so that each runs once, whichever server claims it), and the claimed scenes run at
/// once, each through the one command path as the automation.
package actor AutomationEngine: Service {
    let runs: AutomationRunRepository
    let scenes: SceneRepository
    let devices: DeviceRepository
    let runner: SceneRunner
    let settings: AutomationSettings
    let logger: Logger
    let now: @Sendable () -> Date

    package init(
        runs: AutomationRunRepository, scenes: SceneRepository, devices: DeviceRepository, commands: DeviceCommands, access: HomeAccess,
        settings: AutomationSettings, logger: Logger, now: @escaping @Sendable () -> Date
    ) {
        self.runs = runs
        self.scenes = scenes
        self.devices = devices
        self.runner = SceneRunner(commands: commands, access: access)
        self.settings = settings
        self.logger = logger
        self.now = now
    }

    /// In the server's services only when automations are on (`settings.enabled`).
    package func run() async {
        await withDiscardingTaskGroup { group in
            await repeating(every: settings.tick, logger: logger, failure: "automations: the due firings could not be read") {
                try await self.claim()
            } then: { claimed in
                for firing in claimed where firing.status == .running {
                    group.addTask { await self.fire(firing) }
                }
            }
        }
    }

    /// One evaluation pass: the firings due now, claimed.
    package func claim() async throws -> [AutomationRunRepository.Claimed] {
        let time = now()
        try await runs.failAbandoned(before: time.addingTimeInterval(-600), at: time)
        return try await runs.claimDue(at: time, tolerance: settings.lateAfter)
    }

    private func fire(_ firing: AutomationRunRepository.Claimed) async {
        do {
            try await DatabaseWork.$current.withValue(.job) {
                guard let scene = try await scenes.scene(firing.sceneId) else {
                    try await runs.finish(firing.runId, status: .failed, results: [], detail: "the scene was deleted", at: now())
                    return
                }
                let results = await runner.run(scene, on: try await devices.onCouch(firing.couchId), as: .automation("\(firing.kind) trigger"))
                let failed = results.filter { $0.outcome != .ok }.count
                try await runs.finish(
                    firing.runId, status: failed == 0 ? .succeeded : .failed, results: results,
                    detail: failed == 0 ? nil : "\(failed) of \(results.count) actions not done", at: now())
            }
        } catch {
            logger.warning("automations: run \(firing.runId) of couch \(firing.couchId) could not be finished: \(error)")
        }
    }
}

/// The trigger engine (`AUTOMATIONS`, on unless `off`).
package struct AutomationSettings: Sendable {
    package var enabled = true
    /// How often due firings are looked for: a trigger fires at most this late.
    package var tick: Duration = .seconds(15)
    /// A firing found due longer ago than this was missed while no server ran.
    package var lateAfter: TimeInterval = 300

    package init() {}
}
