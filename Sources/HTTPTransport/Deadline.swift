/// Thrown when an operation outlives its deadline.
public struct DeadlineExceeded: Error {
    public init() {}
}

/// Runs `operation`, cancelling it and throwing `DeadlineExceeded` once `limit` has passed.
///
/// swift-corelibs-foundation's own request timeout counts whole seconds of *silence*, so a server that
/// trickles, or a sub-second limit, would not be bounded by it; this bounds the whole call.
public func withDeadline<Value: Sendable>(
    _ limit: Duration,
    _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw DeadlineExceeded() }
        return value
    }
}
