import Foundation
import SmartCouchDomain
import SmartCouchPersistence
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

struct ReservationBody: Content {
    var id: UUID
    var couchId: UUID
    var guestId: UUID
    var guestName: String
    var checkIn: String
    var checkOut: String
    var guests: Int
    var status: String
    var totalPrice: Money
    var currency: String
    var conversationId: UUID?
    var createdAt: Date
    var cancelledAt: Date?
    var cancelledBy: UUID?

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
        conversationId = reservation.conversationId
        createdAt = reservation.createdAt
        cancelledAt = reservation.cancelledAt
        cancelledBy = reservation.cancelledBy
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

/// `?status=confirmed|cancelled&when=upcoming|past`, both optional.
struct ReservationListQuery: Content {
    var status: String?
    var when: String?

    var filter: ReservationFilter {
        get throws {
            let status = self.status.flatMap(Reservation.Status.init(rawValue:))
            let when = self.when.flatMap(ReservationFilter.When.init(rawValue:))
            var validation = Validation()
            validation.check(self.status == nil || status != nil, "status", "must be confirmed or cancelled")
            validation.check(self.when == nil || when != nil, "when", "must be upcoming or past")
            try validation.finish()
            return ReservationFilter(status: status, when: when)
        }
    }
}
