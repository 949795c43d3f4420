import Foundation

/// Nights a couch is taken, as the public may see them: when and by what kind of thing, never who.
package struct Occupancy: Sendable, Equatable {
    package enum Source: String, Sendable {
        /// A confirmed booking made here.
        case booking
        /// Dates the host took off the market.
        case block
        /// A stay or block from a channel's calendar feed.
        case `import`
        /// Nights kept free after one of the others, for cleaning.
        case turnover
    }

    /// Stable for as long as the occupancy lasts, whatever happens to its dates: a booking's
    /// reservation id, a block's own id, an imported event's id.
    package var id: UUID
    package var stay: Stay
    package var source: Source
    package var since: Date

    package init(id: UUID, stay: Stay, source: Source, since: Date) {
        self.id = id
        self.stay = stay
        self.source = source
        self.since = since
    }
}

/// Dates a host blocked, with why.
package struct Block: Sendable, Equatable {
    package var id: UUID
    package var couchId: UUID
    package var stay: Stay
    package var reason: String?
    package var createdAt: Date

    package init(id: UUID, couchId: UUID, stay: Stay, reason: String?, createdAt: Date) {
        self.id = id
        self.couchId = couchId
        self.stay = stay
        self.reason = reason
        self.createdAt = createdAt
    }

    package static let maxReasonLength = 200
    package static let maxNights = 366
}
