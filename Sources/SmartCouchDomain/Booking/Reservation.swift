import Foundation

/// The nights from check-in (included) to check-out (excluded): a stay that checks out on a day
/// leaves that day free for the next check-in.
package struct Stay: Sendable, Hashable {
    package var checkIn: CalendarDate
    package var checkOut: CalendarDate

    package init(checkIn: CalendarDate, checkOut: CalendarDate) {
        self.checkIn = checkIn
        self.checkOut = checkOut
    }

    package var nights: Int { checkOut.days(since: checkIn) }
}

package struct Reservation: Sendable, Equatable {
    package enum Status: String, Sendable, CaseIterable {
        /// Asked for at a couch that does not book instantly: its nights are held until the host
        /// accepts (confirmed) or declines, or the request expires.
        case requested
        case confirmed, declined, expired, cancelled

        /// Whether the reservation holds its nights.
        package var holds: Bool { self == .requested || self == .confirmed }
    }

    package var id: UUID
    package var couchId: UUID
    package var hostId: UUID
    package var guestId: UUID
    package var guestName: String
    package var stay: Stay
    package var guests: Int
    package var status: Status
    /// What the stay was sold for, night by night with fees and discount, as it was at booking.
    package var price: PriceBreakdown
    package var currency: String
    /// The host's cancellation policy when the stay was booked: it decides the refund.
    package var cancellationPolicy: CancellationPolicy
    /// Everything given back for the stay: each shortening's refund and the cancellation's, summed.
    package var refund: Decimal?
    /// What the guest pays for the stay in the end: `price.total` while it holds its nights, what
    /// a cancellation kept of that once cancelled. With `refund`, always what was paid at booking.
    package var totalPrice: Decimal
    /// Until when the host may accept a request.
    package var requestExpiresAt: Date?
    /// For a request: how many requests to book its guest has open, this one included.
    package var guestOpenRequests: Int?
    /// The host–guest conversation about the couch, opened by the booking.
    package var conversationId: UUID?
    /// When the stay begins: the check-in date at the couch's check-in time, in its time zone.
    package var startsAt: Date
    /// When the stay is over: the check-out date at the couch's check-out time, in its time zone.
    package var endsAt: Date
    package var ratingId: UUID?
    package var createdAt: Date
    package var cancelledAt: Date?
    package var cancelledBy: UUID?
    /// The guest's arrival (first unlock in the stay) and early departure, if any.
    package var presence: StayPresence

    package init(
        id: UUID, couchId: UUID, hostId: UUID, guestId: UUID, guestName: String, stay: Stay, guests: Int, status: Status, price: PriceBreakdown,
        currency: String, cancellationPolicy: CancellationPolicy = .flexible, refund: Decimal? = nil, totalPrice: Decimal,
        requestExpiresAt: Date? = nil, guestOpenRequests: Int? = nil, conversationId: UUID? = nil, startsAt: Date, endsAt: Date,
        ratingId: UUID? = nil, createdAt: Date, cancelledAt: Date? = nil, cancelledBy: UUID? = nil, presence: StayPresence = StayPresence()
    ) {
        self.id = id
        self.couchId = couchId
        self.hostId = hostId
        self.guestId = guestId
        self.guestName = guestName
        self.stay = stay
        self.guests = guests
        self.status = status
        self.price = price
        self.currency = currency
        self.cancellationPolicy = cancellationPolicy
        self.refund = refund
        self.totalPrice = totalPrice
        self.requestExpiresAt = requestExpiresAt
        self.guestOpenRequests = guestOpenRequests
        self.conversationId = conversationId
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.ratingId = ratingId
        self.createdAt = createdAt
        self.cancelledAt = cancelledAt
        self.cancelledBy = cancelledBy
        self.presence = presence
    }
}

/// Which of someone's reservations to list.
package struct ReservationFilter: Sendable {
    package enum When: String, Sendable {
        /// Not over yet, including stays under way; soonest check-in first.
        case upcoming
        /// Over; newest check-in first.
        case past
    }

    package var status: Reservation.Status?
    package var when: When?
    /// Only stays with a night in these (a month on a calendar, the days ahead).
    package var overlapping: Stay?

    package init(status: Reservation.Status? = nil, when: When? = nil, overlapping: Stay? = nil) {
        self.status = status
        self.when = when
        self.overlapping = overlapping
    }
}
