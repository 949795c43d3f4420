import Foundation

/// The nights from check-in (included) to check-out (excluded): a stay that checks out on a day
/// leaves that day free for the next check-in.
public struct Stay: Sendable, Hashable {
    public var checkIn: CalendarDate
    public var checkOut: CalendarDate

    public init(checkIn: CalendarDate, checkOut: CalendarDate) {
        self.checkIn = checkIn
        self.checkOut = checkOut
    }

    public var nights: Int { checkOut.days(since: checkIn) }
}

public struct Reservation: Sendable, Equatable {
    public enum Status: String, Sendable {
        case confirmed, cancelled
    }

    public var id: UUID
    public var couchId: UUID
    public var hostId: UUID
    public var guestId: UUID
    public var guestName: String
    public var stay: Stay
    public var guests: Int
    public var status: Status
    public var totalPrice: Decimal
    public var currency: String
    /// The host–guest conversation about the couch, opened by the booking.
    public var conversationId: UUID?
    /// When the stay is over: the check-out date at the couch's check-out time, in its time zone.
    public var endsAt: Date
    public var ratingId: UUID?
    public var createdAt: Date
    public var cancelledAt: Date?
    public var cancelledBy: UUID?
}

/// A confirmed stay as the public may see it: when, never who.
public struct BookedStay: Sendable, Equatable {
    public var reservationId: UUID
    public var stay: Stay
    public var bookedAt: Date
}

/// What a booking needs to know about the couch, read while the couch is locked against deletion.
public struct BookableCouch: Sendable {
    public var ownerId: UUID
    public var maxGuests: Int
    public var timeZone: String
    public var nightlyPrice: Decimal
    public var currency: String
}

/// Which of someone's reservations to list.
public struct ReservationFilter: Sendable {
    public enum When: String, Sendable {
        /// Not over yet, including stays under way; soonest check-in first.
        case upcoming
        /// Over; newest check-in first.
        case past
    }

    public var status: Reservation.Status?
    public var when: When?

    public init(status: Reservation.Status? = nil, when: When? = nil) {
        self.status = status
        self.when = when
    }
}
