import Foundation
import Logging
import ServiceLifecycle
import SmartCouchPersistence

/// Runs the door-code passes over a couch's locks right after its stays changed, so that a code is
/// on its lock seconds after the booking, and off it seconds after a cancellation or check-out,
/// rather than at the scheduled job's next run. Changes to a couch that come while its passes
/// run are followed by one more run once they end.
package actor DoorCodeFollower: Service {
    let passes: DoorCodePasses
    let changes: AsyncStream<UUID>
    let logger: Logger
    /// How long a pass waits for another one (the scheduled job's, or another server's) to finish
    /// with a lock: about as long as that pass's hub calls may take.
    let patience: Duration
    private var running: Set<UUID> = []
    private var again: Set<UUID> = []

    package init(passes: DoorCodePasses, changes: AsyncStream<UUID>, patience: Duration, logger: Logger) {
        self.passes = passes
        self.changes = changes
        self.patience = patience
        self.logger = logger
    }

    /// Follows changes until the server stops; the passes under way then finish.
    package func run() async {
        await withDiscardingTaskGroup { group in
            for await couchId in changes.cancelOnGracefulShutdown() {
                guard running.insert(couchId).inserted else {
                    again.insert(couchId)
                    continue
                }
                group.addTask { await self.follow(couchId) }
            }
        }
        // Changes that nobody follows end the stream at once; a service runs until the server stops.
        try? await gracefulShutdown()
    }

    private func follow(_ couchId: UUID) async {
        repeat {
            again.remove(couchId)
            do {
                // Like a job's: its database calls wait for a connection rather than being shed.
                try await DatabaseWork.$current.withValue(.job) {
                    guard try await passes.codes.hasLocks(couchId: couchId) else { return }
                    _ = try await passes.run(couchId: couchId, busy: .wait(patience), logger: logger)
                }
            } catch {
                logger.warning("door codes: couch \(couchId) could not follow its stays' change; the scheduled job will: \(error)")
            }
        } while again.contains(couchId)
        running.remove(couchId)
    }
}
