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
    /// Whether its guest has checked out: the couch is free, whatever nights the stay still has.
    var checkedOut: Bool

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
            checkedOut = reservation.presence.checkedOutAt != nil
        case .imported(let imported):
            id = imported.id
            stay = imported.event.stay
            who = imported.event.summary.map { "\(imported.feedName): \($0)" } ?? imported.feedName
            kind = imported.event.kind == .block ? "channelBlock" : "channel"
            holds = imported.placed
            checkedOut = imported.presence.checkedOutAt != nil
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
        weekdays = PageFormatters.date("EEE", locale: t.locale, timeZone: .gmt)
    }

    func day(_ date: CalendarDate) -> String { clock.day(Date(timeIntervalSince1970: TimeInterval(date.daysSinceEpoch) * 86_400)) }
    func weekday(_ date: CalendarDate) -> String { weekdays.string(from: Date(timeIntervalSince1970: TimeInterval(date.daysSinceEpoch) * 86_400)) }
    func stay(_ stay: Stay) -> String { "\(day(stay.checkIn)) – \(day(stay.checkOut))" }
}

/// Amounts as the host's language writes them in the stay's currency: "€85.00", "85,00 €".
struct ConsoleMoney {
    private let formatter: NumberFormatter

    init(_ t: PageCatalogue.Language, currency: String) {
        formatter = PageFormatters.currency(currency, locale: t.locale)
    }

    func callAsFunction(_ amount: Decimal) -> String { formatter.string(from: amount as NSDecimalNumber) ?? "\(amount)" }
}

/// A label and its value, as the console's pages list facts.
struct ConsoleFact: Encodable {
    var label: String
    var value: String

    /// A price as a stay's page and a quote show it: night by night, its discount and fees, its total.
    static func lines(of price: PriceBreakdown, _ money: ConsoleMoney, _ t: PageCatalogue.Language) -> [ConsoleFact] {
        let days = ConsoleDays(t)
        var lines = price.nights.map { ConsoleFact(label: days.day($0.date), value: money($0.nightly)) }
        if price.discount > 0 { lines.append(ConsoleFact(label: t["discount"], value: "−" + money(price.discount))) }
        if price.cleaningFee > 0 { lines.append(ConsoleFact(label: t["cleaningFee"], value: money(price.cleaningFee))) }
        if price.extraGuestFees > 0 { lines.append(ConsoleFact(label: t["extraGuests"], value: money(price.extraGuestFees))) }
        lines.append(ConsoleFact(label: t["total"], value: money(price.total)))
        return lines
    }
}

/// A door code as the console shows it: on which door, its state on the lock, when it works, and
/// what a host needs besides (why it failed, when it goes on the lock).
struct ConsoleCodeLine: Encodable {
    var door: String
    var code: String
    var state: String
    var stateLabel: String
    var window: String
    var detail: String?

    init(_ code: DoorCode, _ clock: StayClock, _ t: PageCatalogue.Language) {
        door = code.deviceName ?? t["unnamedDoor"]
        self.code = code.code
        state = code.state.rawValue
        stateLabel = t["code.\(code.state.rawValue)"]
        window = t("codeWorks", ["from": clock.moment(code.validFrom), "until": clock.moment(code.validUntil)])
        detail =
            switch code.state {
            case .failed: code.lastError
            case .scheduled: t("codeFrom", ["time": clock.moment(code.validFrom)])
            default: nil
            }
    }
}
