import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A couch's month, night by night: what holds each night (a booking here, each channel by its
/// feed's name, a block, turnover, a request) and the nights a channel's stay could not have;
/// requests to answer and blocks to add or remove.
struct ConsoleCalendarController {
    let reservations: ReservationService
    let availability: AvailabilityService
    let blocks: BlockService
    let feeds: CalendarFeedService
    let couches: CouchService
    let view: ConsoleView
    let now: @Sendable () -> Date

    func register(signedIn: any RoutesBuilder) {
        let couch = signedIn.grouped("console", "couches", ":couchId")
        couch.get("calendar", use: calendar)
        couch.post("blocks", use: addBlock)
        couch.post("blocks", ":blockId", "remove", use: removeBlock)
        couch.post("requests", ":reservationId", "accept", use: accept)
        couch.post("requests", ":reservationId", "decline", use: decline)
    }

    struct Holder: Encodable {
        var kind: String
        var text: String
        var link: String?
    }

    struct BlockLine: Encodable {
        var text: String
        var remove: String
    }

    struct RequestLine: Encodable {
        var text: String
        var accept: String
        var decline: String
    }

    struct Page: Encodable {
        var couchName: String
        var home: String
        var settings: String
        var monthTitle: String
        var month: String
        var weekdays: [String]
        /// The grid's rows, as `ConsoleMonthGrid` writes them.
        var grid: String
        var previous: String
        var next: String
        var requests: [RequestLine]
        var blocks: [BlockLine]
        var addBlock: String
        var conflicts: [String]
        // Leaf reads an empty list as true.
        var hasRequests: Bool
        var hasBlocks: Bool
        var hasConflicts: Bool
        var legend: [Holder]
    }

    @Sendable func calendar(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let couchId = try request.uuid("couchId", as: "couchId")
        let hosted = try await couches.hosted(couchId, by: principal)
        let couch = hosted.couch
        let t = view.language(request)
        let today = CalendarDate.today(atCouchIn: couch.details.timeZone, now: now())
        let first =
            try Self.month(request.query[String.self, at: "month"]) ?? CalendarDate(
                year: today.yearMonthDay.year, month: today.yearMonthDay.month, day: 1)!
        let (year, month, _) = first.yearMonthDay
        let following = CalendarDate(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1)!
        let before = CalendarDate(year: month == 1 ? year - 1 : year, month: month == 1 ? 12 : month - 1, day: 1)!

        let shown = Stay(checkIn: first, checkOut: following)
        async let held = availability.booked(at: hosted, in: shown)
        async let listed = reservations.ofCouch(hosted, ReservationFilter(overlapping: shown))
        // Requests of any month, to answer from here.
        async let waiting = reservations.ofCouch(hosted, ReservationFilter(status: .requested))
        async let conflicts = feeds.conflicts(of: hosted, overlapping: shown)
        let (entries, requested) = try await (listed, waiting)
        let stays = Dictionary((entries + requested).map { ConsoleStay($0, t) }.map { ($0.id, $0) }) { first, _ in first }
        let occupancies = try await held
        let conflicting = try await conflicts
        let days = ConsoleDays(t)
        let id = couchId.uuidString.lowercased()
        let monthQuery = Self.text(first)

        func holders(of night: CalendarDate) -> [Holder] {
            var found = occupancies.filter { $0.stay.checkIn <= night && night < $0.stay.checkOut }.map { occupancy -> Holder in
                switch occupancy.source {
                case .booking, .import:
                    if let stay = stays[occupancy.id] { return Holder(kind: stay.kind, text: stay.who, link: stay.link) }
                    // A channel's closed dates are no stay of anyone's.
                    return occupancy.source == .import
                        ? Holder(kind: "channelBlock", text: t["kind.channelBlock"], link: nil)
                        : Holder(kind: "booking", text: t["booked"], link: nil)
                case .block: return Holder(kind: "block", text: t["blocked"], link: nil)
                case .turnover: return Holder(kind: "turnover", text: t["turnover"], link: nil)
                }
            }
            for stay in stays.values
            where stay.status == .requested && stay.stay.checkIn <= night && night < stay.stay.checkOut
                && !occupancies.contains(where: { $0.id == stay.id })
            {
                found.append(Holder(kind: "request", text: stay.who, link: stay.link))
            }
            for conflict in conflicting
            where (conflict.nights + conflict.turnoverNights).contains(where: { $0.checkIn <= night && night < $0.checkOut }) {
                found.append(Holder(kind: "conflict", text: t("conflictOn", ["feed": conflict.feedName]), link: nil))
            }
            return found
        }

        let weekday = ((first.daysSinceEpoch + 3) % 7 + 7) % 7 // 1970-01-01 was a Thursday; 0 is Monday
        var cells: [ConsoleMonthGrid.Night?] = Array(repeating: nil, count: weekday)
        for offset in 0..<following.days(since: first) {
            let night = first.adding(days: offset)
            let found = holders(of: night)
            cells.append(
                ConsoleMonthGrid.Night(
                    day: offset + 1, date: night.description, label: days.day(night), today: night == today, holders: found,
                    conflict: found.contains { $0.kind == "conflict" }))
        }
        cells += Array(repeating: nil, count: (7 - cells.count % 7) % 7)

        let requests = stays.values.filter { $0.status == .requested }.sorted { $0.stay.checkIn < $1.stay.checkIn }.map { stay in
            let base = "/console/couches/\(id)/requests/\(stay.id.uuidString.lowercased())"
            return RequestLine(
                text: t(
                    "requestLine",
                    [
                        "who": stay.who, "dates": days.stay(stay.stay),
                        "until": stay.requestExpiresAt.map { StayClock(language: t, timeZone: couch.details.timeZone).moment($0) } ?? "–"
                    ]),
                accept: base + "/accept?month=\(monthQuery)", decline: base + "/decline?month=\(monthQuery)")
        }
        let blockLines = occupancies.filter { $0.source == .block }.map { block in
            BlockLine(
                text: days.stay(block.stay), remove: "/console/couches/\(id)/blocks/\(block.id.uuidString.lowercased())/remove?month=\(monthQuery)")
        }
        let formatter = PageFormatters.date(template: "MMMMyyyy", locale: t.locale, timeZone: .gmt)
        let page = Page(
            couchName: couch.details.name, home: ConsoleHomeController.home(couchId), settings: "/console/couches/\(id)/settings",
            monthTitle: formatter.string(from: Date(timeIntervalSince1970: TimeInterval(first.daysSinceEpoch) * 86_400)),
            month: monthQuery,
            weekdays: (0..<7).map { days.weekday(CalendarDate(daysSinceEpoch: 4 + $0)) },
            grid: ConsoleMonthGrid.rows(cells),
            previous: "/console/couches/\(id)/calendar?month=\(Self.text(before))",
            next: "/console/couches/\(id)/calendar?month=\(Self.text(following))",
            requests: requests, blocks: blockLines, addBlock: "/console/couches/\(id)/blocks?month=\(monthQuery)",
            conflicts: conflicting.map { conflict in
                t("conflictLine", ["feed": conflict.feedName, "dates": days.stay(conflict.event.stay)])
            },
            hasRequests: !requests.isEmpty, hasBlocks: !blockLines.isEmpty, hasConflicts: !conflicting.isEmpty,
            legend: ["booking", "request", "channel", "channelBlock", "block", "turnover", "conflict"].map {
                Holder(kind: $0, text: t["kind.\($0)"], link: nil)
            })
        return try await view.render("calendar", title: t("calendarOf", ["couch": couch.details.name]), page, couch: couchId, for: request)
    }

    struct BlockForm: Content {
        var from: String?
        var to: String?
        var reason: String?
    }

    @Sendable func addBlock(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let couchId = try request.uuid("couchId", as: "couchId")
        let form = try request.content.decode(BlockForm.self)
        let t = view.language(request)
        return try await view.submit(back(request, couchId), done: t["blockAdded"]) {
            _ = try await blocks.block(
                couchId: couchId, from: form.from ?? "", to: form.to ?? "", reason: form.reason.flatMap { $0.isEmpty ? nil : $0 }, by: principal)
        }
    }

    @Sendable func removeBlock(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let couchId = try request.uuid("couchId", as: "couchId")
        let blockId = try request.uuid("blockId", as: "blockId")
        _ = try await couches.hosted(couchId, by: principal)
        let t = view.language(request)
        return try await view.remove(back(request, couchId), done: t["blockRemoved"], gone: t["blockGone"]) {
            try await blocks.unblock(blockId, couchId: couchId, by: principal)
        }
    }

    @Sendable func accept(_ request: Request) async throws -> Response { try await decide(request, accept: true) }
    @Sendable func decline(_ request: Request) async throws -> Response { try await decide(request, accept: false) }

    private func decide(_ request: Request, accept: Bool) async throws -> Response {
        let principal = try request.console.principal
        let couchId = try request.uuid("couchId", as: "couchId")
        let reservationId = try request.uuid("reservationId", as: "reservationId")
        let t = view.language(request)
        return try await view.submit(back(request, couchId), done: t[accept ? "accepted" : "declined"]) {
            // Answered under the couch it was asked at, so the host never answers one on another's page.
            guard try await reservations.reservation(reservationId, by: principal).couchId == couchId else {
                throw AppError.notFound("no request \(reservationId) at this couch")
            }
            _ = try await reservations.decide(reservationId, accept: accept, by: principal)
        }
    }

    /// The calendar month the form was sent from.
    private func back(_ request: Request, _ couchId: UUID) throws -> String {
        let month = try Self.month(request.query[String.self, at: "month"]).map(Self.text)
        return "/console/couches/\(couchId.uuidString.lowercased())/calendar" + (month.map { "?month=\($0)" } ?? "")
    }

    /// The years a calendar shows: a stay is never older or further ahead, and the grid's
    /// arithmetic stays within what a date can be.
    static let years = 2000...2100

    /// `YYYY-MM` as the first of that month; nil when absent.
    static func month(_ text: String?) throws -> CalendarDate? {
        guard let text else { return nil }
        guard text.utf8.count == 7, let date = CalendarDate(text + "-01"), Self.years.contains(date.yearMonthDay.year) else {
            throw AppError.invalid("month", "must be a month YYYY-MM from \(Self.years.lowerBound) to \(Self.years.upperBound)")
        }
        return date
    }

    static func text(_ month: CalendarDate) -> String { String(month.description.prefix(7)) }
}
