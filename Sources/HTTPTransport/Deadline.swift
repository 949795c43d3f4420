/// Thrown when an operation outlives its deadline.
public struct DeadlineExceeded: Error {
    public init() {}
}

/// Runs `operation` and answers with its result, or throws `DeadlineExceeded` once `limit` has
/// passed, whichever comes first. At the deadline the operation is cancelled and left to end on
/// its own: one that ignores cancellation (a connection attempt inside a client library) no longer
/// holds its caller past the limit.
public func withDeadline<Value: Sendable>(
    _ limit: Duration,
    _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let race = DeadlineRace<Value>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            let work = Task {
                do {
                    race.finish(with: .success(try await operation()))
                } catch {
                    race.finish(with: .failure(error))
                }
            }
            let timer = Task {
                try await Task.sleep(for: limit)
                race.finish(with: .failure(DeadlineExceeded()))
            }
            race.start(continuation, cancelling: [work.cancel, timer.cancel])
        }
    } onCancel: {
        race.finish(with: .failure(CancellationError()))
    }
}

/// The first of the operation, the timer and the caller's cancellation to finish answers; the
/// others are cancelled.
private final class DeadlineRace<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var outcome: Result<Value, any Error>?
        var cancels: [@Sendable () -> Void] = []
    }

    private let state = Locked(State())

    func start(_ continuation: CheckedContinuation<Value, any Error>, cancelling cancels: [@Sendable () -> Void]) {
        let early = state.withLock { state -> Result<Value, any Error>? in
            guard let outcome = state.outcome else {
                state.continuation = continuation
                state.cancels = cancels
                return nil
            }
            return outcome
        }
        if let early {
            for cancel in cancels { cancel() }
            continuation.resume(with: early)
        }
    }

    func finish(with outcome: Result<Value, any Error>) {
        let (continuation, cancels) = state.withLock { state -> (CheckedContinuation<Value, any Error>?, [@Sendable () -> Void]) in
            guard state.outcome == nil else { return (nil, []) }
            state.outcome = outcome
            defer { (state.continuation, state.cancels) = (nil, []) }
            return (state.continuation, state.cancels)
        }
        for cancel in cancels { cancel() }
        continuation?.resume(with: outcome)
    }
}
