import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// The services of a server's group that are still running, by name, so that a stop that does not
/// end says what holds it.
package final class RunningServices: Sendable {
    private let running = Mutex<[String]>([])

    package init() {}

    /// `services`, each saying while it runs.
    package func track(_ services: [any Service]) -> [any Service] {
        services.map { Tracked(service: $0, running: self) }
    }

    package var names: [String] { running.withLock { $0 } }

    private func enter(_ name: String) { running.withLock { $0.append(name) } }

    private func leave(_ name: String) {
        running.withLock { if let index = $0.firstIndex(of: name) { $0.remove(at: index) } }
    }

    private struct Tracked: Service {
        let service: any Service
        let running: RunningServices

        func run() async throws {
            let name = String(describing: type(of: service))
            running.enter(name)
            defer { running.leave(name) }
            try await service.run()
        }
    }
}

/// Ends a stop that does not end. Armed when the stop is asked for; once `bound` has passed, unless
/// disarmed (the group returned) first, it logs which services still run and exits with status 1,
/// so that a supervisor sees a failure and restarts the server instead of waiting on it forever.
package final class StopBound: Sendable {
    private let bound: Duration
    private let running: RunningServices
    private let logger: Logger
    private let disarmed = Atomic(false)

    package init(_ bound: Duration, running: RunningServices, logger: Logger) {
        self.bound = bound
        self.running = running
        self.logger = logger
    }

    /// A thread of its own, not a task: whatever holds the stop may be holding the cooperative pool too.
    package func arm() {
        Thread { [self] in
            Thread.sleep(forTimeInterval: Double(bound.components.seconds) + Double(bound.components.attoseconds) / 1e18)
            guard !disarmed.load(ordering: .acquiring) else { return }
            logger.critical("the server did not stop within \(bound) of the signal; still running: \(running.names.joined(separator: ", "))")
            exit(1)
        }.start()
    }

    package func disarm() { disarmed.store(true, ordering: .releasing) }
}
