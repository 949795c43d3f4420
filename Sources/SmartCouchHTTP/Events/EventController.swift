import Foundation
import NIOCore
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// `GET /events`: the caller's events as server-sent events, live, resumable with `Last-Event-ID`.
struct EventController {
    let events: EventService

    func register(authenticated: any RoutesBuilder) {
        authenticated.get("events", use: stream)
    }

    @Sendable func stream(_ request: Request) async throws -> Response {
        let principal = try request.principal
        let (types, couchId) = try Self.filter(request)
        let lastEventId = try Self.lastEventId(request)
        let feed = try await events.open(by: principal, types: types, couchId: couchId, lastEventId: lastEventId)
        return Self.stream(feed, for: request)
    }

    /// A feed as a response of server-sent events, for as long as the feed and the client last.
    static func stream(_ feed: EventFeed, for request: Request) -> Response {
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "text", subType: "event-stream", parameters: ["charset": "utf-8"])
        // A buffering proxy would hold events back until its buffer fills.
        headers.replaceOrAdd(name: "X-Accel-Buffering", value: "no")
        let logger = request.logger
        // A body written as events come, with no task of its own: an idle stream holds no memory
        // beyond its connection's.
        let body = Response.Body(stream: { writer in
            // The subscription is in place: a client may now cause what it waits to hear.
            writer.write(.buffer(ServerSentEventFrames.opening), promise: nil)
            feed.start(writing: ServerSentEventSink(writer: writer), logger: logger)
        })
        return Response(status: .ok, headers: headers, body: body)
    }

    private static func filter(_ request: Request) throws -> (types: Set<String>?, couchId: UUID?) {
        var validation = Validation()
        var types: Set<String>?
        if let raw = try? request.query.get(String.self, at: "types") {
            let names = raw.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let unknown = names.filter { EventType(rawValue: $0) == nil }
            validation.check(
                unknown.isEmpty, "types",
                "must be event types separated by commas, one of \(EventType.allCases.map(\.rawValue).joined(separator: ", "))")
            types = Set(names)
        }
        try validation.finish()
        var couchId: UUID?
        if let raw = try? request.query.get(String.self, at: "couchId") {
            // Malformed, as a path id that is not a UUID is: 400, not a field's 422.
            guard let id = UUID(uuidString: raw) else { throw AppError.badRequest("couchId must be a couch's id (a UUID), not '\(raw.prefix(40))'") }
            couchId = id
        }
        return (types, couchId)
    }

    /// The id a reconnecting client last received: `Last-Event-ID`, as EventSource sends it, or
    /// `lastEventId` in the query for clients that cannot set headers.
    static func lastEventId(_ request: Request) throws -> Int64? {
        guard let raw = request.headers.first(name: "Last-Event-ID") ?? (try? request.query.get(String.self, at: "lastEventId")) else {
            return nil
        }
        // The contract's pattern, ^[0-9]{1,18}$: no sign, no spaces, nothing Int64 would still read.
        guard (1...18).contains(raw.utf8.count), raw.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let id = Int64(raw)
        else {
            throw AppError.badRequest("Last-Event-ID must be the id of an event this server sent, a whole number, not '\(raw.prefix(40))'")
        }
        return id
    }
}
