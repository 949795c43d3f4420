import Synchronization
import Vapor

/// Requests for the same page from the same browser at once (the same path, cookies and languages:
/// everything a page is made of besides the database and the clock) share one making of it. A live
/// page's tabs each ask for it again on every event, and Reload pressed while a page loads asks
/// twice. A request that comes while its page is being made waits for the next making, which begins
/// after it came, so nothing it is shown is older than the request; a page's makings follow one
/// another and never overlap. Only GET; an answer that streams is made for each request alone.
final class PageSharing: AsyncMiddleware, Sendable {
    private struct Key: Hashable {
        var path: String
        var cookies: String
        var accept: String
        var languages: String

        init(_ request: Request) {
            path = request.url.string
            cookies = request.headers[.cookie].joined(separator: "; ")
            accept = request.headers[.accept].joined(separator: ", ")
            languages = request.headers[.acceptLanguage].joined(separator: ", ")
        }
    }

    /// An answer as it can be handed to several requests: each gets a response of its own.
    private struct Made: Sendable {
        var status: HTTPResponseStatus
        var version: HTTPVersion
        var headers: HTTPHeaders
        var body: ByteBuffer

        init?(_ response: Response) {
            let body: ByteBuffer? = response.body.count == 0 ? ByteBuffer() : response.body.buffer
            guard let body else { return nil }
            (status, version, headers, self.body) = (response.status, response.version, response.headers, body)
        }

        func response() -> Response { Response(status: status, version: version, headers: headers, body: .init(buffer: body)) }
    }

    private enum Turn: Sendable {
        /// Make the page for yourself and for those riding with you.
        case make
        /// Make it alone: the making you waited for streamed its answer.
        case alone
        case made(Result<Made, any Error>)
    }

    private struct Flight {
        /// Answered by the making under way: they were waiting when it began.
        var riding: [CheckedContinuation<Turn, Never>] = []
        /// Came after it began: the next making is theirs.
        var waiting: [CheckedContinuation<Turn, Never>] = []
    }

    private let flights = Mutex<[Key: Flight]>([:])

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.method == .GET else { return try await next.respond(to: request) }
        let key = Key(request)
        let turn = await withCheckedContinuation { (continuation: CheckedContinuation<Turn, Never>) in
            let first = flights.withLock { flights in
                guard flights[key] != nil else {
                    flights[key] = Flight()
                    return true
                }
                flights[key]?.waiting.append(continuation)
                return false
            }
            if first { continuation.resume(returning: .make) }
        }
        switch turn {
        case .made(let result): return try result.get().response()
        case .alone: return try await next.respond(to: request)
        case .make:
            let result: Result<Response, any Error>
            do { result = .success(try await next.respond(to: request)) } catch { result = .failure(error) }
            handOn(key, result.map(Made.init))
            return try result.get()
        }
    }

    /// Answers those who rode with the making that ended, and begins the next one for those who came
    /// meanwhile: its first makes it, the rest ride.
    private func handOn(_ key: Key, _ made: Result<Made?, any Error>) {
        let (riding, maker) = flights.withLock { flights -> ([CheckedContinuation<Turn, Never>], CheckedContinuation<Turn, Never>?) in
            guard let flight = flights[key] else { return ([], nil) }
            guard let maker = flight.waiting.first else {
                flights[key] = nil
                return (flight.riding, nil)
            }
            flights[key] = Flight(riding: Array(flight.waiting.dropFirst()))
            return (flight.riding, maker)
        }
        let turn: Turn =
            switch made {
            case .success(let made?): .made(.success(made))
            case .success(nil): .alone
            case .failure(let error): .made(.failure(error))
            }
        for rider in riding { rider.resume(returning: turn) }
        maker?.resume(returning: .make)
    }
}
