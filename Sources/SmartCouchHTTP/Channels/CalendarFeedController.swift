import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A host's imported channel calendars and the imports that could not be placed.
struct CalendarFeedController {
    let feeds: CalendarFeedService

    func register(authenticated: any RoutesBuilder) {
        let couch = authenticated.grouped("couches", ":id")
        let calendars = couch.grouped("calendars")
        calendars.post(use: add)
        calendars.get(use: list)
        calendars.delete(":feedId", use: remove)
        calendars.post(":feedId", "sync", use: sync)
        couch.get("conflicts", use: conflicts)
    }

    @Sendable func add(_ request: Request) async throws -> Response {
        let input = try request.body(CalendarFeedInput.self)
        let feed = try await feeds.add(couchId: request.uuid("id", as: "couch id"), url: input.url, name: input.name, by: request.principal)
        return try await CalendarFeedBody(feed).encodeResponse(status: .created, for: request)
    }

    @Sendable func list(_ request: Request) async throws -> CalendarFeedPage {
        // A couch has a few channels: one page holds them all.
        CalendarFeedPage(items: try await feeds.list(couchId: request.uuid("id", as: "couch id"), by: request.principal).map(CalendarFeedBody.init))
    }

    @Sendable func remove(_ request: Request) async throws -> HTTPStatus {
        try await feeds.remove(request.uuid("feedId", as: "calendar id"), couchId: request.uuid("id", as: "couch id"), by: request.principal)
        return .noContent
    }

    @Sendable func sync(_ request: Request) async throws -> CalendarFeedBody {
        CalendarFeedBody(
            try await feeds.syncNow(request.uuid("feedId", as: "calendar id"), couchId: request.uuid("id", as: "couch id"), by: request.principal))
    }

    @Sendable func conflicts(_ request: Request) async throws -> ConflictPage {
        ConflictPage(items: try await feeds.conflicts(couchId: request.uuid("id", as: "couch id"), by: request.principal).map(ConflictBody.init))
    }
}

struct CalendarFeedInput: Content {
    var url: String
    var name: String?
}

struct CalendarFeedBody: Content {
    var id: UUID
    var couchId: UUID
    var name: String
    /// The link with its secret parts replaced by ****.
    var url: String
    var lastFetchAt: Date?
    var lastSuccessAt: Date?
    var lastError: String?
    var stays: Int
    var blocks: Int
    var conflicts: Int
    var createdAt: Date

    init(_ feed: CalendarFeed) {
        id = feed.id
        couchId = feed.couchId
        name = feed.name
        url = feed.maskedURL
        lastFetchAt = feed.lastFetchAt
        lastSuccessAt = feed.lastSuccessAt
        lastError = feed.lastError
        stays = feed.stays
        blocks = feed.blocks
        conflicts = feed.conflicts
        createdAt = feed.createdAt
    }
}

struct CalendarFeedPage: Content {
    var items: [CalendarFeedBody]
}

struct ConflictBody: Content {
    struct Imported: Content {
        var feedId: UUID
        var feedName: String
        var uid: String
        var kind: String
        var summary: String?
        var checkIn: String
        var checkOut: String
    }

    struct Holder: Content {
        /// `booking` (its reservation's id), `block` or `import`.
        var source: String
        var id: UUID
        var checkIn: String
        var checkOut: String
    }

    struct Nights: Content {
        var checkIn: String
        var checkOut: String
    }

    var imported: Imported
    /// The runs of the event's nights something else holds; it holds the rest.
    var nights: [Nights]
    /// The runs of the turnover days after it that something else holds.
    var turnoverNights: [Nights]
    /// What holds the first of those nights.
    var heldBy: Holder?

    init(_ conflict: ChannelConflict) {
        imported = Imported(
            feedId: conflict.feedId, feedName: conflict.feedName, uid: conflict.event.uid, kind: conflict.event.kind.rawValue,
            summary: conflict.event.summary, checkIn: conflict.event.stay.checkIn.description, checkOut: conflict.event.stay.checkOut.description)
        nights = conflict.nights.map { Nights(checkIn: $0.checkIn.description, checkOut: $0.checkOut.description) }
        turnoverNights = conflict.turnoverNights.map { Nights(checkIn: $0.checkIn.description, checkOut: $0.checkOut.description) }
        heldBy = conflict.other.map {
            Holder(source: $0.source.rawValue, id: $0.id, checkIn: $0.stay.checkIn.description, checkOut: $0.stay.checkOut.description)
        }
    }
}

struct ConflictPage: Content {
    var items: [ConflictBody]
}
