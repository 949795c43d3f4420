import Testing

/// Waits until `condition` holds (work that happens in the background), failing the test when
/// `timeout` passes first.
func eventually(
    _ what: Comment, timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("timed out waiting: \(what)", sourceLocation: sourceLocation)
}
