import Foundation
import Vapor

/// Channel calendar feeds, as Airbnb or Booking.com serve them, for tests and the demo:
/// `GET /_sim/calendars/{name}.ics` answers what `PUT /_sim/calendars/{name}` set, with a
/// validator that changes with the body and a 304 to a matching conditional request.
/// `PUT /_sim/calendars/{name}/behaviour` makes one feed misbehave the ways channels do.
actor ChannelCalendars {
    private var feeds: [String: String] = [:]
    private var behaviours: [String: FeedBehaviour] = [:]

    func set(_ name: String, to body: String) { feeds[name] = body }
    func remove(_ name: String) {
        feeds[name] = nil
        behaviours[name] = nil
    }
    func feed(_ name: String) -> String? { feeds[name] }
    func behave(_ name: String, _ behaviour: FeedBehaviour?) { behaviours[name] = behaviour }
    func behaviour(of name: String) -> FeedBehaviour { behaviours[name] ?? FeedBehaviour() }
}

/// How one feed answers, besides its body.
struct FeedBehaviour: Codable, Sendable {
    enum Validator: String, Codable, Sendable {
        /// `ETag`, matched against `If-None-Match` (Airbnb).
        case etag
        /// `Last-Modified`, matched against `If-Modified-Since`.
        case lastModified = "last-modified"
        /// No validator: every fetch gets the whole body.
        case none
    }

    var validator: Validator = .etag
    /// Answer with this status and a short HTML body instead of the feed (a 503, a 429).
    var failStatus: Int?
    /// Wait this long before answering at all.
    var delayMs = 0
    /// Answer this many bytes: the start of a calendar, then filler that never ends it.
    var hugeBytes: Int?
    /// Answer 302 to here.
    var redirectTo: String?

    private enum CodingKeys: String, CodingKey { case validator, failStatus, delayMs, hugeBytes, redirectTo }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        validator = try container.decodeIfPresent(Validator.self, forKey: .validator) ?? .etag
        failStatus = try container.decodeIfPresent(Int.self, forKey: .failStatus)
        delayMs = try container.decodeIfPresent(Int.self, forKey: .delayMs) ?? 0
        hugeBytes = try container.decodeIfPresent(Int.self, forKey: .hugeBytes)
        redirectTo = try container.decodeIfPresent(String.self, forKey: .redirectTo)
    }

    var isValid: Bool {
        failStatus.map { (300...599).contains($0) } ?? true && (0...600_000).contains(delayMs)
            && hugeBytes.map { (1...(1 << 31)).contains($0) } ?? true
    }
}

struct CalendarRoutes {
    let calendars: ChannelCalendars

    func register(on routes: any RoutesBuilder) {
        let feeds = routes.grouped("_sim", "calendars")
        feeds.on(.PUT, ":name", body: .collect(maxSize: "64mb")) { request async throws -> Response in
            let body = request.body.data.map { String(buffer: $0) } ?? ""
            await calendars.set(request.parameters.get("name") ?? "", to: body)
            return Response(status: .noContent)
        }
        feeds.delete(":name") { request async -> Response in
            await calendars.remove(request.parameters.get("name") ?? "")
            return Response(status: .noContent)
        }
        feeds.put(":name", "behaviour") { request async throws -> Response in
            guard let behaviour = try? request.content.decode(FeedBehaviour.self), behaviour.isValid else {
                throw Abort(
                    .badRequest, reason: "validator etag|last-modified|none, failStatus 300-599, delayMs 0-600000, hugeBytes 1-2^31, redirectTo")
            }
            await calendars.behave(request.parameters.get("name") ?? "", behaviour)
            return Response(status: .noContent)
        }
        feeds.delete(":name", "behaviour") { request async -> Response in
            await calendars.behave(request.parameters.get("name") ?? "", nil)
            return Response(status: .noContent)
        }
        feeds.get(":file") { request async throws -> Response in
            let file = request.parameters.get("file") ?? ""
            guard file.hasSuffix(".ics") else { return Response(status: .notFound) }
            let name = String(file.dropLast(4))
            let behaviour = await calendars.behaviour(of: name)
            if behaviour.delayMs > 0 { try await Task.sleep(for: .milliseconds(behaviour.delayMs)) }
            if let location = behaviour.redirectTo {
                return Response(status: .found, headers: ["Location": location])
            }
            if let status = behaviour.failStatus {
                return Response(status: .init(statusCode: status), headers: ["Content-Type": "text/html"], body: "<html>Try again later</html>")
            }
            if let size = behaviour.hugeBytes { return Self.huge(size) }
            guard let body = await calendars.feed(name) else { return Response(status: .notFound) }
            return Self.answer(body, validator: behaviour.validator, to: request)
        }
    }

    static func answer(_ body: String, validator: FeedBehaviour.Validator, to request: Request) -> Response {
        var headers: HTTPHeaders = ["Content-Type": "text/calendar; charset=utf-8"]
        let version = String(body.hashValue, radix: 16) + "-\(body.utf8.count)"
        switch validator {
        case .etag:
            headers.replaceOrAdd(name: .eTag, value: "\"\(version)\"")
            if request.headers.first(name: .ifNoneMatch) == "\"\(version)\"" { return Response(status: .notModified, headers: headers) }
        case .lastModified:
            // A stand-in date that changes with the body, as a channel's would when a booking changes it.
            let stamp = Date(timeIntervalSince1970: 1_700_000_000 + Double(UInt32(truncatingIfNeeded: body.hashValue)))
            let httpDate = Self.httpDate(stamp)
            headers.replaceOrAdd(name: .lastModified, value: httpDate)
            if request.headers.first(name: .ifModifiedSince) == httpDate { return Response(status: .notModified, headers: headers) }
        case .none:
            break
        }
        return Response(status: .ok, headers: headers, body: .init(string: body))
    }

    /// A calendar that starts well and never ends, `size` bytes long, written a chunk at a time.
    static func huge(_ size: Int) -> Response {
        let start = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN\r\n"
        let filler = String(repeating: "X-FILLER:" + String(repeating: "x", count: 62) + "\r\n", count: 900)
        let body = Response.Body(
            asyncStream: { writer in
                var sent = 0
                var chunk = ByteBuffer(string: start)
                do {
                    while sent < size {
                        if chunk.readableBytes > size - sent { chunk.moveWriterIndex(to: chunk.readerIndex + size - sent) }
                        sent += chunk.readableBytes
                        try await writer.writeBuffer(chunk)
                        chunk = ByteBuffer(string: filler)
                    }
                    try await writer.write(.end)
                } catch {
                    // The reader hung up, as a client with a size cap does.
                    try? await writer.write(.error(error))
                }
            }, count: size)
        return Response(status: .ok, headers: ["Content-Type": "text/calendar; charset=utf-8"], body: body)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
