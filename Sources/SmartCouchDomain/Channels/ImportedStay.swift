import Foundation

/// A stay sold on another channel, as its host sees it among the bookings made here: no
/// SmartCouch guest, only what the channel's feed said.
package struct ImportedStay: Sendable, Equatable {
    package var id: UUID
    package var couchId: UUID
    package var feedId: UUID
    package var feedName: String
    package var event: FeedEvent
    /// False while something else holds its nights: a conflict.
    package var placed: Bool
    package var createdAt: Date
    package var presence: StayPresence

    package init(
        id: UUID, couchId: UUID, feedId: UUID, feedName: String, event: FeedEvent, placed: Bool, createdAt: Date,
        presence: StayPresence = StayPresence()
    ) {
        self.id = id
        self.couchId = couchId
        self.feedId = feedId
        self.feedName = feedName
        self.event = event
        self.placed = placed
        self.createdAt = createdAt
        self.presence = presence
    }
}

/// One entry of a couch's stays as its host lists them: a booking made here or an import.
package enum CouchStay: Sendable, Equatable {
    case booking(Reservation)
    case imported(ImportedStay)

    package var id: UUID {
        switch self {
        case .booking(let reservation): reservation.id
        case .imported(let stay): stay.id
        }
    }

    package var checkIn: CalendarDate {
        switch self {
        case .booking(let reservation): reservation.stay.checkIn
        case .imported(let stay): stay.event.stay.checkIn
        }
    }

    package var couchId: UUID {
        switch self {
        case .booking(let reservation): reservation.couchId
        case .imported(let stay): stay.couchId
        }
    }
}
