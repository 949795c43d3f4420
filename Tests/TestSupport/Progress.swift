import Foundation
import Synchronization
import Testing

/// What every running test is waiting for, so that a run that stops moving says where instead of
/// going quiet. A step that has not ended after `SMARTCOUCH_TEST_STALL_SECONDS` (default 300) is
/// printed with its test; when no step has ended for `SMARTCOUCH_TEST_HANG_SECONDS` (default 1200)
/// while some are still open, the whole run is reported and the process exits with a failure, so
/// that a suite never outlives its CI's limit in silence.
public enum Progress {
    /// Runs `body` as the named step of the current test.
    public static func step<T>(
        _ what: @autoclosure () -> String, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async throws -> T {
        let id = registry.begin(test: Test.current.map { "\($0.id)" } ?? "(no test)", what: what())
        defer { registry.end(id) }
        return try await body()
    }

    static let registry: Registry = {
        let registry = Registry()
        let variables = ProcessInfo.processInfo.environment
        let stall = variables["SMARTCOUCH_TEST_STALL_SECONDS"].flatMap(Int.init) ?? 300
        let hang = variables["SMARTCOUCH_TEST_HANG_SECONDS"].flatMap(Int.init) ?? 1200
        Task.detached(priority: .high) { await registry.watch(stall: .seconds(stall), hang: .seconds(hang)) }
        return registry
    }()

    final class Registry: Sendable {
        struct Step {
            let test: String
            let what: String
            let since: ContinuousClock.Instant
            var reported = false
        }

        private struct State {
            var open: [UInt64: Step] = [:]
            var nextId: UInt64 = 0
            var lastEnded = ContinuousClock.now
        }

        private let state = Mutex(State())

        func begin(test: String, what: String) -> UInt64 {
            state.withLock { state in
                state.nextId += 1
                state.open[state.nextId] = Step(test: test, what: what, since: .now)
                return state.nextId
            }
        }

        func end(_ id: UInt64) {
            state.withLock { state in
                state.open[id] = nil
                state.lastEnded = .now
            }
        }

        /// Runs for the life of the process; a detached task's sleep is the only thing it waits on.
        func watch(stall: Duration, hang: Duration) async {
            while true {
                try? await Task.sleep(for: .seconds(15))
                let now = ContinuousClock.now
                let (stalled, hung, all) = state.withLock { state in
                    var stalled: [Step] = []
                    for (id, step) in state.open where !step.reported && now - step.since > stall {
                        state.open[id]?.reported = true
                        stalled.append(step)
                    }
                    let hung = !state.open.isEmpty && now - state.lastEnded > hang
                    return (stalled, hung, Array(state.open.values))
                }
                for step in stalled { Self.report("stalled", step, now: now) }
                if hung {
                    Self.print("no test step has ended for \(hang); the \(all.count) still open:")
                    for step in all.sorted(by: { $0.since < $1.since }) { Self.report("open", step, now: now) }
                    exit(70)
                }
            }
        }

        private static func report(_ label: String, _ step: Step, now: ContinuousClock.Instant) {
            Self.print("\(label) for \(Int((now - step.since).components.seconds)) s: \(step.what) — \(step.test)")
        }

        private static func print(_ line: String) {
            FileHandle.standardError.write(Data(("[progress] " + line + "\n").utf8))
        }
    }
}
