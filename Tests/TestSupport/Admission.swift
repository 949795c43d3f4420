import Foundation
import Synchronization
import Testing

/// How many tests may have servers of their own (a SmartCouch server with its database, a
/// simulator, a server process) at once. Swift Testing starts every test of the run together; on
/// a two-core laptop hundreds of servers starting at once made the machine, not the code, the
/// bound (a load average of 15, requests past their deadlines). Tests beyond the width wait their
/// turn before they start anything, so no limit inside a test is spent waiting for the machine.
///
/// A test admitted once stays admitted for whatever it starts inside (a simulator for its
/// server, a second server): nesting never waits on itself. `SMARTCOUCH_TEST_WIDTH` overrides the
/// width, which is four per core by default.
public final class Admission: Sendable {
    public static let shared = Admission(
        width: ProcessInfo.processInfo.environment["SMARTCOUCH_TEST_WIDTH"].flatMap(Int.init)
            ?? 4 * ProcessInfo.processInfo.activeProcessorCount)

    @TaskLocal private static var admitted = false

    private struct State {
        var free: Int
        var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        /// Cancelled before their continuation was queued.
        var cancelled: Set<UInt64> = []
        var nextId: UInt64 = 0
    }

    private let state: Mutex<State>

    public init(width: Int) {
        state = Mutex(State(free: max(1, width)))
    }

    /// Runs `body` once a place is free (at once when the caller already holds one).
    public func whileAdmitted<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws -> T {
        if Self.admitted { return try await body() }
        try await enter()
        defer { leave() }
        return try await Self.$admitted.withValue(true) { try await body() }
    }

    private func enter() async throws {
        let id: UInt64? = state.withLock { state in
            if state.free > 0 {
                state.free -= 1
                return nil
            }
            state.nextId += 1
            return state.nextId
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return true }
                    state.waiters.append((id, continuation))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil as CheckedContinuation<Void, any Error>?
                }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Hands the place to the longest waiter, or frees it.
    private func leave() {
        let next = state.withLock { state in
            guard !state.waiters.isEmpty else {
                state.free += 1
                return nil as CheckedContinuation<Void, any Error>?
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume()
    }
}

/// Admits each test of a suite whose tests start servers of their own without `TestServer` or
/// `withSimulator` (a server process, a cluster of their own).
public struct AdmittedTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if test.isSuite { return try await function() }
        try await Admission.shared.whileAdmitted { try await function() }
    }
}

extension Trait where Self == AdmittedTrait {
    /// Each test waits for its turn among those that start servers.
    public static var admitted: Self { AdmittedTrait() }
}
