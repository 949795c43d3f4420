import Testing

/// Waits until `condition` holds (work that happens in the background), failing the test when
/// `limit` passes first. The limit is generous: it costs nothing when the condition holds, and the
/// whole suite running at once on two cores makes background work seconds late.
public func eventually(
    within limit: Duration = .seconds(30),
    _ what: Comment,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("timed out waiting: \(what)", sourceLocation: sourceLocation)
}
