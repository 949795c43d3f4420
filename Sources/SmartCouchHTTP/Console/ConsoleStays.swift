import Foundation
import SmartCouchDomain

/// A couch's stay as the console names it: a booking here by its guest, a channel's by its feed.
struct ConsoleStay {
    var id: UUID
    var stay: Stay
    var who: String
    var kind: String
    var status: Reservation.Status?
    var requestExpiresAt: Date?
    /// Whether it holds its nights: a request or a confirmed booking here, an import in place.
    var holds: Bool

    init(_ entry: CouchStay, _ t: PageCatalogue.Language) {
        switch entry {
        case .booking(let reservation):
            id = reservation.id
            stay = reservation.stay
            who = reservation.guestName
            kind = reservation.status == .requested ? "request" : "booking"
            status = reservation.status
            requestExpiresAt = reservation.requestExpiresAt
            holds = reservation.status.holds
        case .imported(let imported):
            id = imported.id
            stay = imported.event.stay
            who = imported.event.summary.map { "\(imported.feedName): \($0)" } ?? imported.feedName
            kind = imported.event.kind == .block ? "channelBlock" : "channel"
            holds = imported.placed
        }
        if who.isEmpty { who = t["unnamedGuest"] }
    }

    var link: String { "/console/stays/\(id.uuidString.lowercased())" }
}

/// Days as the console shows them: a calendar date in the host's language ("Wed 25 Nov").
struct ConsoleDays {
    private let clock: StayClock
    private let weekdays: DateFormatter

    init(_ t: PageCatalogue.Language) {
        clock = StayClock(language: t, timeZone: "UTC")
        weekdays = DateFormatter()
        weekdays.locale = t.locale
        weekdays.timeZone = .gmt
        weekdays.dateFormat = "EEE"
    }

    func day(_ date: CalendarDate) -> String { clock.day(Date(timeIntervalSince1970: TimeInterval(date.daysSinceEpoch) * 86_400)) }
    func weekday(_ date: CalendarDate) -> String { weekdays.string(from: Date(timeIntervalSince1970: TimeInterval(date.daysSinceEpoch) * 86_400)) }
    func stay(_ stay: Stay) -> String { "\(day(stay.checkIn)) – \(day(stay.checkOut))" }
}

/// Amounts as the host's language writes them in the stay's currency: "€85.00", "85,00 €".
struct ConsoleMoney {
    private let formatter: NumberFormatter

    init(_ t: PageCatalogue.Language, currency: String) {
        formatter = NumberFormatter()
        formatter.locale = t.locale
        formatter.numberStyle = .currency
        formatter.currencyCode = currency
    }

    func callAsFunction(_ amount: Decimal) -> String { formatter.string(from: amount as NSDecimalNumber) ?? "\(amount)" }
}
