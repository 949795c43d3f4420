import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

struct ReservationInput: Content {
    var couchId: UUID
    var checkIn: String
    var checkOut: String
    var guests: Int

    var booking: ReservationService.Booking {
        .init(couchId: couchId, checkIn: checkIn, checkOut: checkOut, guests: guests)
    }
}

/// A host's shortening of a stay: its new check-out date.
struct ShortenInput: Content {
    var checkOut: String?
}

struct ReservationBody: Content {
    var id: UUID
    /// Always `booking`: told apart from an imported stay in the host's list.
    var source = "booking"
    var couchId: UUID
    var guestId: UUID
    var guestName: String
    var checkIn: String
    var checkOut: String
    var guests: Int
    var status: String
    var totalPrice: Money
    var currency: String
    /// What the stay was sold for; later price changes never change it.
    var price: PriceBreakdownBody
    var cancellationPolicy: String
    /// What the cancellation gave back, once cancelled.
    var refund: Money?
    /// Until when the host may accept a request.
    var requestExpiresAt: Date?
    /// For a request: how many its guest has open, this one included, for the host deciding on it.
    var guestOpenRequests: Int?
    var conversationId: UUID?
    var createdAt: Date
    var cancelledAt: Date?
    var cancelledBy: UUID?
    var checkedInAt: Date?
    var checkedOutAt: Date?

    init(_ reservation: Reservation) {
        id = reservation.id
        couchId = reservation.couchId
        guestId = reservation.guestId
        guestName = reservation.guestName
        checkIn = reservation.stay.checkIn.description
        checkOut = reservation.stay.checkOut.description
        guests = reservation.guests
        status = reservation.status.rawValue
        totalPrice = Money(reservation.totalPrice)
        currency = reservation.currency
        price = PriceBreakdownBody(reservation.price)
        cancellationPolicy = reservation.cancellationPolicy.rawValue
        refund = reservation.refund.map(Money.init)
        requestExpiresAt = reservation.requestExpiresAt
        guestOpenRequests = reservation.guestOpenRequests
        conversationId = reservation.conversationId
        createdAt = reservation.createdAt
        cancelledAt = reservation.cancelledAt
        cancelledBy = reservation.cancelledBy
        checkedInAt = reservation.presence.checkedInAt
        checkedOutAt = reservation.presence.checkedOutAt
    }
}

/// A stay sold on another channel, in its host's list of the couch's reservations.
struct ImportedStayBody: Content {
    struct Channel: Content {
        var feedId: UUID
        var name: String
        /// The channel's UID of the event.
        var uid: String
        var summary: String?
        var reservationUrl: String?
        var phoneLast4: String?
    }

    var id: UUID
    var couchId: UUID
    var source = "import"
    /// `confirmed` while it holds its nights, `conflict` while something else does.
    var status: String
    var checkIn: String
    var checkOut: String
    var guests: Int?
    var channel: Channel
    var createdAt: Date
    var checkedInAt: Date?
    var checkedOutAt: Date?

    init(_ stay: ImportedStay) {
        id = stay.id
        couchId = stay.couchId
        status = stay.placed ? "confirmed" : "conflict"
        checkIn = stay.event.stay.checkIn.description
        checkOut = stay.event.stay.checkOut.description
        guests = stay.event.guests
        channel = Channel(
            feedId: stay.feedId, name: stay.feedName, uid: stay.event.uid, summary: stay.event.summary,
            reservationUrl: stay.event.reservationURL, phoneLast4: stay.event.phoneLast4)
        createdAt = stay.createdAt
        checkedInAt = stay.presence.checkedInAt
        checkedOutAt = stay.presence.checkedOutAt
    }
}

/// One entry of the host's list: the body of a booking or of an import, told apart by `source`.
enum CouchStayBody: Content {
    case booking(ReservationBody)
    case imported(ImportedStayBody)

    init(_ stay: CouchStay) {
        switch stay {
        case .booking(let reservation): self = .booking(ReservationBody(reservation))
        case .imported(let imported): self = .imported(ImportedStayBody(imported))
        }
    }

    private enum Keys: CodingKey { case source }

    init(from decoder: any Decoder) throws {
        let source = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .source)
        self = source == "import" ? .imported(try ImportedStayBody(from: decoder)) : .booking(try ReservationBody(from: decoder))
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .booking(let body): try body.encode(to: encoder)
        case .imported(let body): try body.encode(to: encoder)
        }
    }
}

/// When a couch is taken, and nothing about who takes it.
struct StayBody: Content {
    var checkIn: String
    var checkOut: String

    init(_ stay: Stay) {
        checkIn = stay.checkIn.description
        checkOut = stay.checkOut.description
    }
}

/// `?status=requested|confirmed|declined|expired|cancelled&when=upcoming|past`, both optional.
struct ReservationListQuery: Content {
    var status: String?
    var when: String?

    var filter: ReservationFilter {
        get throws {
            let status = self.status.flatMap(Reservation.Status.init(rawValue:))
            let when = self.when.flatMap(ReservationFilter.When.init(rawValue:))
            var validation = Validation()
            validation.check(
                self.status == nil || status != nil, "status", "must be one of \(Reservation.Status.allCases.map(\.rawValue).joined(separator: ", "))"
            )
            validation.check(self.when == nil || when != nil, "when", "must be upcoming or past")
            try validation.finish()
            return ReservationFilter(status: status, when: when)
        }
    }
}
