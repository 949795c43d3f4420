import Synchronization

/// Closed until `open()`; then every waiter, and everyone after them, passes at once, until
/// `close()` marks it closed for good.
final class Gate: Sendable {
    private struct State {
        var open = false
        var waiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        /// Cancelled before their continuation was registered.
        var cancelled: Set<UInt64> = []
        var nextId: UInt64 = 0
    }

    private let isOpen = Atomic(false)
    private let closed = Atomic(false)

    var isClosed: Bool { closed.load(ordering: .acquiring) }

    func close() { closed.store(true, ordering: .releasing) }
    private let state = Mutex(State())

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [:] }
            return state.waiters.values
        }
        isOpen.store(true, ordering: .releasing)
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the gate is open; throws CancellationError when the task is cancelled first.
    func passed() async throws {
        // The path of every lease once the pool runs: one atomic load.
        if isOpen.load(ordering: .acquiring) { return }
        let id = state.withLock { state in
            state.nextId += 1
            return state.nextId
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let proceed: Result<Void, any Error>? = state.withLock { state in
                    if state.open { return .success(()) }
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let proceed { continuation.resume(with: proceed) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                guard let waiter = state.waiters.removeValue(forKey: id) else {
                    if !state.open { state.cancelled.insert(id) }
                    return nil as CheckedContinuation<Void, any Error>?
                }
                return waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }
}

/// A wait that the first of several events ends.
final class ResumeOnce: Sendable {
    private let state = Mutex<(done: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                if state.done { return true }
                state.waiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// True for the call that resumed it; false when it had been resumed already.
    @discardableResult
    func resume() -> Bool {
        let (first, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
            if state.done { return (false, nil) }
            state.done = true
            defer { state.waiter = nil }
            return (true, state.waiter)
        }
        waiter?.resume()
        return first
    }
}
