import Foundation
import NIOCore
import Vapor

/// A server that misbehaves the ways a hostile or broken target does: it redirects, trickles,
/// and sends bodies far larger than anyone asked for. It listens on 127.0.0.1 and notes the
/// path and `Authorization` header of every request it gets.
public final class HostileServer: Sendable {
    public let baseURL: URL
    private let app: Application
    private let journal: Journal

    public struct Seen: Sendable, Equatable {
        public var path: String
        public var authorization: String?
        public var at: ContinuousClock.Instant
    }

    actor Journal {
        var seen: [Seen] = []
        func note(_ request: Request) {
            seen.append(Seen(path: request.url.path, authorization: request.headers.first(name: .authorization), at: .now))
        }
        func times(_ path: String) -> Int { seen.count { $0.path == path } }
    }

    /// - Parameter redirectTo: where `/redirect/**` sends its callers.
    public static func start(redirectTo target: URL? = nil) async throws -> HostileServer {
        let app = try await Application.make(.testing)
        app.logger.logLevel = .error
        let journal = Journal()
        app.middleware.use(NoteEveryRequest(journal: journal))
        app.get("redirect", "**") { _ in
            Response(status: .found, headers: ["Location": target?.absoluteString ?? "http://127.0.0.1:9/"])
        }
        // One byte every 100 ms, for minutes.
        app.get("trickle", "**") { _ in
            Response(
                status: .ok,
                body: .init(asyncStream: { writer in
                    await endingEitherWay(writer) {
                        for _ in 0..<3000 {
                            try await writer.write(.buffer(ByteBuffer(string: " ")))
                            try await Task.sleep(for: .milliseconds(100))
                        }
                    }
                }))
        }
        // 1 GiB, chunked, announced or not.
        for (name, announced) in [("huge", false), ("huge-announced", true)] {
            app.get(.constant(name), "**") { _ in
                let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: 1 << 16)
                let body = Response.Body(
                    asyncStream: { writer in
                        await endingEitherWay(writer) {
                            for _ in 0..<(1 << 14) { try await writer.write(.buffer(chunk)) }
                        }
                    }, count: announced ? 1 << 30 : -1)
                return Response(status: .ok, body: body)
            }
        }
        // An error page with something in it the caller must never be shown.
        app.get("leak", "**") { _ in
            Response(status: .internalServerError, body: .init(string: #"{"error":{"message":"\#(HostileServer.secret)"}}"#))
        }
        // A calendar feed, empty, or with `?events=` events of one night each from 2030 on.
        app.get("calendar", "**") { request in
            Response(status: .ok, body: .init(string: calendar(events: request.query[Int.self, at: "events"] ?? 0)))
        }
        // A feed that answers its first request (the proof when it is added), and then trickles,
        // so that every later fetch runs into its timeout.
        app.get("calendar-then-hang", "**") { request async -> Response in
            guard await journal.times(request.url.path) > 1 else { return Response(status: .ok, body: .init(string: calendar(events: 0))) }
            return Response(
                status: .ok,
                body: .init(asyncStream: { writer in
                    await endingEitherWay(writer) {
                        for _ in 0..<600 {
                            try await writer.write(.buffer(ByteBuffer(string: " ")))
                            try await Task.sleep(for: .milliseconds(100))
                        }
                    }
                }))
        }
        app.get("**") { _ in "{}" }
        return HostileServer(app: app, journal: journal, baseURL: try await app.startOnLoopback())
    }

    private init(app: Application, journal: Journal, baseURL: URL) {
        self.app = app
        self.journal = journal
        self.baseURL = baseURL
    }

    public var port: Int { baseURL.port ?? 0 }

    /// What `/leak/**` answers inside its error body.
    public static let secret = "db password hunter2"

    public func seen() async -> [Seen] {
        await journal.seen
    }

    public func stop() async throws {
        try await app.stopServing()
    }

    struct NoteEveryRequest: AsyncMiddleware {
        let journal: Journal
        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            await journal.note(request)
            return try await next.respond(to: request)
        }
    }
}

private func calendar(events: Int) -> String {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Hostile//EN"]
    let start = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: .gmt, year: 2030, month: 1, day: 1).date!
    for index in 0..<events {
        let day = { (offset: Int) in
            start.addingTimeInterval(Double(offset) * 86400).formatted(.iso8601.year().month().day().dateSeparator(.omitted))
        }
        lines += [
            "BEGIN:VEVENT", "UID:event-\(index)", "DTSTART;VALUE=DATE:\(day(index * 2))", "DTEND;VALUE=DATE:\(day(index * 2 + 1))",
            "SUMMARY:Reserved", "END:VEVENT"
        ]
    }
    return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
}

/// Vapor insists that a streamed body ends with `.end` or `.error`, also when the client left.
private func endingEitherWay(_ writer: any AsyncBodyStreamWriter, _ write: () async throws -> Void) async {
    do {
        try await write()
        try await writer.write(.end)
    } catch {
        try? await writer.write(.error(error))
    }
}

/// Runs `body` with a hostile server, stopping it after.
public func withHostileServer<T>(redirectTo target: URL? = nil, _ body: (HostileServer) async throws -> T) async throws -> T {
    let server = try await HostileServer.start(redirectTo: target)
    do {
        let result = try await body(server)
        try await server.stop()
        return result
    } catch {
        try? await server.stop()
        throw error
    }
}
