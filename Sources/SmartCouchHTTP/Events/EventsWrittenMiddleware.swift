import SmartCouchServices
import Vapor

/// After a request that may have changed something, its events are given ids at once, so that a
/// client on any server hears of the change within milliseconds, not at the next poll. A failed
/// request may have committed too (a command's failure is logged, and announced, before its 502).
struct EventsWrittenMiddleware: AsyncMiddleware {
    let events: EventService

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard ![.GET, .HEAD, .OPTIONS].contains(request.method) else { return try await next.respond(to: request) }
        defer { events.wrote() }
        return try await next.respond(to: request)
    }
}
