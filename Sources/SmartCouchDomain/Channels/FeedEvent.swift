import Foundation

/// One event of a channel's calendar feed: a stay someone booked there, or dates the host closed
/// there. Keyed by the channel's `UID`, which stays the same across fetches.
package struct FeedEvent: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case stay, block
    }

    package var uid: String
    package var stay: Stay
    package var kind: Kind
    package var summary: String?
    /// What channels put in `DESCRIPTION`, where recognisable.
    package var reservationURL: String?
    package var phoneLast4: String?
    package var guests: Int?

    package init(
        uid: String, stay: Stay, kind: Kind, summary: String? = nil, reservationURL: String? = nil, phoneLast4: String? = nil, guests: Int? = nil
    ) {
        self.uid = uid
        self.stay = stay
        self.kind = kind
        self.summary = summary
        self.reservationURL = reservationURL
        self.phoneLast4 = phoneLast4
        self.guests = guests
    }

    /// Airbnb's "Airbnb (Not available)", Booking.com's "CLOSED - Not available", "Blocked".
    static func kind(ofSummary summary: String?) -> Kind {
        let text = summary?.lowercased() ?? ""
        return ["not available", "blocked", "closed", "unavailable"].contains { text.contains($0) } ? .block : .stay
    }
}
