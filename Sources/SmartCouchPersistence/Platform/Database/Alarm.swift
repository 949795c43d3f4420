import SmartCouchDomain
import Synchronization

/// Wakes sleepers at their deadlines, to a tick's accuracy, from one task. Bounding every database
/// call with a `Task.sleep` of its own (a timer each) made a device command measurably slower
/// (about 0.45 ms over its eight calls); registering with a shared alarm costs a lock.
final class Alarm: Sendable {
    private struct State {
        var sleepers: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        var deadlines: [UInt64: ContinuousClock.Instant] = [:]
        /// Cancelled before their continuation was registered.
        var cancelled: Set<UInt64> = []
        var nextId: UInt64 = 0
        /// The run loop, waiting for a first sleeper: an idle pool's alarm does not tick.
        var parked: CheckedContinuation<Void, Never>?
        var stopped = false
    }

    private let state = Mutex(State())
    private let tick: Duration

    init(tick: Duration = .milliseconds(100)) {
        self.tick = tick
    }

    /// Returns once `deadline` has passed (within a tick); throws CancellationError when the
    /// calling task is cancelled first or the alarm has stopped.
    func sleep(until deadline: ContinuousClock.Instant) async throws {
        let id = state.withLock { state in
            state.nextId += 1
            return state.nextId
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (refused, parked) = state.withLock { state in
                    if state.stopped || state.cancelled.remove(id) != nil { return (true, nil as CheckedContinuation<Void, Never>?) }
                    state.sleepers[id] = continuation
                    state.deadlines[id] = deadline
                    defer { state.parked = nil }
                    return (false, state.parked)
                }
                if refused { continuation.resume(throwing: CancellationError()) }
                parked?.resume()
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                state.deadlines[id] = nil
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return nil as CheckedContinuation<Void, any Error>?
                }
                return sleeper
            }
            sleeper?.resume(throwing: CancellationError())
        }
    }

    /// Wakes the sleepers whose deadlines have passed, every tick while there are any, until
    /// cancelled; then wakes the rest with CancellationError.
    func run() async {
        await withTaskCancellationHandler {
            while !Task.isCancelled {
                await untilSomeoneSleeps()
                try? await Task.sleep(for: tick)
                wakeDue()
            }
        } onCancel: {
            let parked = state.withLock { state in
                state.stopped = true
                defer { state.parked = nil }
                return state.parked
            }
            parked?.resume()
        }
        let rest = state.withLock { state in
            state.stopped = true
            state.deadlines = [:]
            defer { state.sleepers = [:] }
            return Array(state.sleepers.values)
        }
        for sleeper in rest { sleeper.resume(throwing: CancellationError()) }
    }

    private func untilSomeoneSleeps() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let proceed = state.withLock { state in
                if state.stopped || !state.sleepers.isEmpty { return true }
                state.parked = continuation
                return false
            }
            if proceed { continuation.resume() }
        }
    }

    private func wakeDue() {
        let now = ContinuousClock.now
        let due = state.withLock { state in
            let ids = state.deadlines.filter { $0.value <= now }.map(\.key)
            return ids.compactMap { id in
                state.deadlines[id] = nil
                return state.sleepers.removeValue(forKey: id)
            }
        }
        for sleeper in due { sleeper.resume() }
    }
}
