import SmartCouchDomain
import SmartCouchServices
import Vapor

/// The public views of a couch's bookings: booked ranges as JSON and as an iCalendar feed.
struct AvailabilityController {
    let availability: AvailabilityService

    func register(routes: any RoutesBuilder) {
        let couch = routes.grouped("couches", ":id")
        couch.get("availability", use: booked)
        couch.get("calendar.ics", use: calendar)
    }

    @Sendable func booked(_ request: Request) async throws -> [StayBody] {
        try await availability.booked(
            couchId: request.uuid("id", as: "couch id"),
            from: request.query[String.self, at: "from"], to: request.query[String.self, at: "to"]
        ).map { StayBody($0.stay) }
    }

    @Sendable func calendar(_ request: Request) async throws -> Response {
        let excluded = try request.query[String.self, at: "exclude"].map { text in
            guard let id = UUID(uuidString: text) else { throw AppError.badRequest("exclude must be a calendar id (a UUID), not '\(text)'") }
            return id
        }
        let (couch, events) = try await availability.calendar(couchId: request.uuid("id", as: "couch id"), excludingFeed: excluded)
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: "text/calendar; charset=utf-8")
        return Response(
            status: .ok, headers: headers, body: .init(string: ICalendar.feed(name: couch.details.name, events: events, uid: availability.exportUID)))
    }
}
