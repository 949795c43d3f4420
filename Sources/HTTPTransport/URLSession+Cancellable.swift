import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

extension URLSession {
    /// `data(for:)` that can be cancelled safely under any timing.
    ///
    /// On Linux, `data(for:)` cancels its task from the Swift task's cancellation handler with a
    /// `queue.sync` onto the session's queue, while the concurrency runtime holds that task's status
    /// lock; if the session is completing the request at that moment, it needs the same lock to resume
    /// the caller, and both wait for ever. Here the cancellation handler only schedules the cancel.
    public func cancellableData(for request: URLRequest) async throws -> (Data, URLResponse) {
        let pending = PendingTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                pending.start(task)
            }
        } onCancel: {
            pending.cancel()
        }
    }
}

/// A data task that may be cancelled before or after it starts, never blocking the canceller.
private final class PendingTask: Sendable {
    private enum State {
        case waiting
        case running(URLSessionDataTask)
        case cancelled
    }

    private let state = Mutex<State>(.waiting)

    func start(_ task: URLSessionDataTask) {
        let cancelledAlready = state.withLock { state -> Bool in
            if case .cancelled = state { return true }
            state = .running(task)
            return false
        }
        // A task cancelled before it runs still completes, with URLError.cancelled, resuming the caller.
        if cancelledAlready { task.cancel() }
        task.resume()
    }

    func cancel() {
        let task = state.withLock { state -> URLSessionDataTask? in
            defer { state = .cancelled }
            if case .running(let task) = state { return task }
            return nil
        }
        guard let task else { return }
        DispatchQueue.global().async { task.cancel() }
    }
}
