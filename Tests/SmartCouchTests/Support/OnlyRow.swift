/// Reads the one element a query (or any sequence) must yield. A test that asserted inside
/// `for try await row in rows { … }` passed when the query found nothing; this throws instead.
extension AsyncSequence {
    func only(_ what: String = "row") async throws -> Element {
        var elements = makeAsyncIterator()
        guard let first = try await elements.next() else { throw TestFailure("expected exactly one \(what), got none") }
        guard try await elements.next() == nil else { throw TestFailure("expected exactly one \(what), got more") }
        return first
    }
}
