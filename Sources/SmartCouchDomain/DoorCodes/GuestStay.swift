import Foundation

/// A stay as the door codes see it: a booking made here or a stay imported from a channel, its
/// couch's whereabouts and times, and who may read its codes.
package struct GuestStay: Sendable, Equatable {
    package enum Source: String, Sendable { case booking, `import` }

    package var id: UUID
    package var couchId: UUID
    package var ownerId: UUID
    /// The guest's account, for a booking made here.
    package var guestId: UUID?
    package var source: Source
    /// False once cancelled, or while an imported stay holds no nights.
    package var live: Bool
    package var stay: Stay
    /// When the guest may be let in first and last: the stay window, widened by the couch's lead and grace.
    package var accessFrom: Date
    package var accessUntil: Date
    /// From when its guest sees the stay's codes: the couch's reveal hours before `accessFrom`.
    package var codesVisibleFrom: Date
    package var couchName: String
    package var address: String
    package var city: String
    package var country: String
    package var checkInTime: String
    package var checkOutTime: String
    /// Where the couch is, for the guest's page: its IANA time zone, its coordinates when the host
    /// gave them, and its first image.
    package var timeZone: String
    package var latitude: Double?
    package var longitude: Double?
    package var imageId: UUID?
    package var presence: StayPresence

    package init(
        id: UUID, couchId: UUID, ownerId: UUID, guestId: UUID?, source: Source, live: Bool, stay: Stay, accessFrom: Date, accessUntil: Date,
        codesVisibleFrom: Date, couchName: String, address: String, city: String, country: String, checkInTime: String, checkOutTime: String,
        timeZone: String, latitude: Double? = nil, longitude: Double? = nil, imageId: UUID? = nil, presence: StayPresence = StayPresence()
    ) {
        self.id = id
        self.couchId = couchId
        self.ownerId = ownerId
        self.guestId = guestId
        self.source = source
        self.live = live
        self.stay = stay
        self.accessFrom = accessFrom
        self.accessUntil = accessUntil
        self.codesVisibleFrom = codesVisibleFrom
        self.couchName = couchName
        self.address = address
        self.city = city
        self.country = country
        self.checkInTime = checkInTime
        self.checkOutTime = checkOutTime
        self.timeZone = timeZone
        self.latitude = latitude
        self.longitude = longitude
        self.imageId = imageId
        self.presence = presence
    }

    /// Where the stay is for its guest now, for the guest's page.
    package func phase(at now: Date) -> StayPhase {
        if presence.checkedOutAt != nil || now >= accessUntil { return .checkedOut }
        if presence.checkedInAt != nil { return .checkedIn }
        return now < accessFrom ? .upcoming : .inProgress
    }

    /// The host's guide is shown from the moment the stay's codes are, until the stay ends.
    package func showsGuide(at now: Date) -> Bool {
        live && presence.checkedOutAt == nil && now >= codesVisibleFrom && now < accessUntil
    }
}

package enum StayPhase: String, Sendable {
    case upcoming, inProgress, checkedIn, checkedOut
}
