import Foundation
import Logging
import Synchronization

@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

/// A job whose runs the tests can count, hold open, or make fail.
final class ProbeJob: ScheduledJob {
    struct Report: Encodable, Sendable { var run: Int }
    struct Failure: Error, CustomStringConvertible { var description: String { "the probe was told to fail" } }

    let name: String
    let schedule: Schedule
    private let state = Mutex((runs: 0, running: 0, held: false, failing: false))

    init(name: String = "probe", schedule: Schedule = .hourly(minute: 5)) {
        self.name = name
        self.schedule = schedule
    }

    var runs: Int { state.withLock { $0.runs } }
    var running: Bool { state.withLock { $0.running > 0 } }
    func hold() { state.withLock { $0.held = true } }
    func release() { state.withLock { $0.held = false } }
    func fail() { state.withLock { $0.failing = true } }

    func run(logger: Logger) async throws -> any Encodable & Sendable {
        let (number, failing) = state.withLock { state in
            state.runs += 1
            state.running += 1
            return (state.runs, state.failing)
        }
        defer { state.withLock { $0.running -= 1 } }
        // Long enough that a second server seeing the same slot tries while this one runs.
        try await Task.sleep(for: .milliseconds(200))
        while state.withLock({ $0.held }) { try await Task.sleep(for: .milliseconds(10)) }
        if failing { throw Failure() }
        return Report(run: number)
    }
}
