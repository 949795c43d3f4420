/// Reads the one element a query (or any sequence) must yield. A test that asserted inside
/// `for try await row in rows { … }` passed when the query found nothing; these throw instead.
extension AsyncSequence {
    func only(_ what: String = "row") async throws -> Element {
        guard let first = try await atMostOne(what) else { throw TestFailure("expected exactly one \(what), got none") }
        return first
    }

    /// The element, or nil when there is none; more than one is an error.
    func atMostOne(_ what: String = "row") async throws -> Element? {
        var elements = makeAsyncIterator()
        guard let first = try await elements.next() else { return nil }
        guard try await elements.next() == nil else { throw TestFailure("expected at most one \(what), got more") }
        return first
    }
}
