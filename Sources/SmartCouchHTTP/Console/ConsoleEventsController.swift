import Foundation
import SmartCouchServices
import Vapor

/// `GET /console/events`: the host's events for the console's live pages, as `GET /events` sends
/// them, with the browser's session instead of a token. A stream lasts a minute; the browser then
/// reconnects (with `Last-Event-ID`, missing nothing) and its session is checked again, so a
/// session signed out elsewhere stops hearing within a minute.
struct ConsoleEventsController {
    static let lifetime: TimeInterval = 60

    let events: EventService
    let now: @Sendable () -> Date

    func register(signedIn: any RoutesBuilder) {
        signedIn.get("console", "events", use: stream)
    }

    @Sendable func stream(_ request: Request) async throws -> Response {
        var principal = try request.console.principal
        principal.expiresAt = now().addingTimeInterval(Self.lifetime)
        let feed = try await events.open(by: principal, types: nil, couchId: nil, lastEventId: try EventController.lastEventId(request))
        return EventController.stream(feed, for: request)
    }
}
