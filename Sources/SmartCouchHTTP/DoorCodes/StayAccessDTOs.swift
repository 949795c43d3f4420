import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A code as its guest sees it: which door, the PIN, when it works, and whether it is on the lock yet.
struct GuestCodeBody: Content {
    var door: String?
    var code: String
    var validFrom: Date
    var validUntil: Date
    var state: String

    init(_ code: DoorCode) {
        door = code.deviceName
        self.code = code.code
        validFrom = code.validFrom
        validUntil = code.validUntil
        state = code.state.rawValue
    }
}

struct StayAccessBody: Content {
    var reservationId: UUID
    var couchId: UUID
    var source: String
    var checkIn: String
    var checkOut: String
    var accessFrom: Date
    var accessUntil: Date
    var checkedInAt: Date?
    var checkedOutAt: Date?
    var codesVisibleFrom: Date
    var state: String
    var codes: [GuestCodeBody]
    var guide: GuideBody?

    init(_ shown: ShownStay) {
        let stay = shown.stay
        reservationId = stay.id
        state = shown.phase.rawValue
        guide = shown.guide.map(GuideBody.init)
        codesVisibleFrom = stay.codesVisibleFrom
        checkedInAt = stay.presence.checkedInAt
        checkedOutAt = stay.presence.checkedOutAt
        couchId = stay.couchId
        source = stay.source.rawValue
        checkIn = stay.stay.checkIn.description
        checkOut = stay.stay.checkOut.description
        accessFrom = stay.accessFrom
        accessUntil = stay.accessUntil
        codes = shown.codes.map(GuestCodeBody.init)
    }
}

struct StayLinkBody: Content {
    var stayId: UUID
    /// Shown once: only its digest is stored.
    var token: String
    var path: String
    /// The whole link, when the server knows its public address (`PUBLIC_URL`).
    var url: String?
    var expiresAt: Date
}

/// What a stay link shows, and nothing more: where, when, the codes and the host's guide.
struct LinkedStayBody: Content {
    var couchName: String
    var imageUrl: String?
    var latitude: Double?
    var longitude: Double?
    var timeZone: String
    var state: String
    var address: String
    var city: String
    var country: String
    var checkIn: String
    var checkOut: String
    var checkInTime: String
    var checkOutTime: String
    var checkedInAt: Date?
    var checkedOutAt: Date?
    var codesVisibleFrom: Date
    var codes: [GuestCodeBody]
    var guide: GuideBody?

    init(_ shown: ShownStay) {
        let stay = shown.stay
        couchName = stay.couchName
        imageUrl = stay.imageId.map { "/images/\($0.uuidString.lowercased())" }
        latitude = stay.latitude
        longitude = stay.longitude
        timeZone = stay.timeZone
        state = shown.phase.rawValue
        guide = shown.guide.map(GuideBody.init)
        address = stay.address
        codesVisibleFrom = stay.codesVisibleFrom
        checkedInAt = stay.presence.checkedInAt
        checkedOutAt = stay.presence.checkedOutAt
        city = stay.city
        country = stay.country
        checkIn = stay.stay.checkIn.description
        checkOut = stay.stay.checkOut.description
        checkInTime = stay.checkInTime
        checkOutTime = stay.checkOutTime
        codes = shown.codes.map(GuestCodeBody.init)
    }
}
