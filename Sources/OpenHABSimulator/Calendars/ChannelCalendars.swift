import Foundation
import Vapor

/// Channel calendar feeds, as Airbnb or Booking.com serve them, for tests and the demo:
/// `GET /_sim/calendars/{name}.ics` answers what `PUT /_sim/calendars/{name}` set, with an ETag
/// that changes with the body and a 304 to a matching `If-None-Match`.
actor ChannelCalendars {
    private var feeds: [String: String] = [:]

    func set(_ name: String, to body: String) { feeds[name] = body }
    func remove(_ name: String) { feeds[name] = nil }
    func feed(_ name: String) -> String? { feeds[name] }
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
        feeds.get(":file") { request async -> Response in
            let file = request.parameters.get("file") ?? ""
            guard file.hasSuffix(".ics"), let body = await calendars.feed(String(file.dropLast(4))) else { return Response(status: .notFound) }
            let etag = "\"\(String(body.hashValue, radix: 16))-\(body.utf8.count)\""
            if request.headers.first(name: .ifNoneMatch) == etag {
                return Response(status: .notModified, headers: ["ETag": etag])
            }
            return Response(status: .ok, headers: ["Content-Type": "text/calendar; charset=utf-8", "ETag": etag], body: .init(string: body))
        }
    }
}
