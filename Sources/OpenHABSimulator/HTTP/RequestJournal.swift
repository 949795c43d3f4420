import Vapor

/// One request the simulator received, as `GET /_sim/requests` lists it.
public struct RecordedRequest: Codable, Sendable, Equatable {
    public var method: String
    /// Path and query, as sent.
    public var uri: String
    /// Header names lower-cased; repeated headers joined with ", ".
    public var headers: [String: String]
    public var body: String
    public var receivedAt: Date
}

/// Every request except the control API's, oldest first, so tests can assert on what a client really sent.
actor RequestJournal {
    /// Enough for any test or demo while keeping a long-running simulator's memory bounded.
    private let capacity = 10_000
    private var requests: [RecordedRequest] = []

    func record(_ request: RecordedRequest) {
        requests.append(request)
        if requests.count > capacity { requests.removeFirst(requests.count - capacity) }
    }

    func all() -> [RecordedRequest] { requests }

    func clear() { requests = [] }
}

struct JournalMiddleware: AsyncMiddleware {
    let journal: RequestJournal

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard !request.url.path.hasPrefix("/_sim") else { return try await next.respond(to: request) }
        // Collected into the request, so that the route still reads it.
        let body = try await request.body.collect(max: 1 << 20).get()
        var headers: [String: String] = [:]
        for (name, value) in request.headers {
            let key = name.lowercased()
            headers[key] = headers[key].map { "\($0), \(value)" } ?? value
        }
        await journal.record(
            RecordedRequest(
                method: request.method.rawValue,
                uri: request.url.string,
                headers: headers,
                body: body.map { String(buffer: $0) } ?? "",
                receivedAt: Date()
            ))
        return try await next.respond(to: request)
    }
}
