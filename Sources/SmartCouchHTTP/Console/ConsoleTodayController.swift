import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// The console's first page: each of the host's couches at a glance, today and tomorrow at the couch.
struct ConsoleTodayController {
    let reservations: ReservationService
    let codes: DoorCodeService
    let feeds: CalendarFeedService
    let devices: DeviceService
    let view: ConsoleView
    let now: @Sendable () -> Date

    func register(signedIn: any RoutesBuilder) {
        signedIn.get("console", use: today)
    }

    struct StayLine: Encodable {
        var text: String
        var link: String
    }

    struct CouchCard: Encodable {
        var name: String
        var calendar: String
        var home: String
        var energy: String
        var settings: String
        var occupied: Bool
        var occupancy: String
        var current: StayLine?
        var moves: [StayLine]
        var codes: [ConsoleCodeLine]
        var requests: [StayLine]
        var conflicts: String?
        var failingFeeds: [String]
        var offline: [String]
        // Leaf reads an empty list as true.
        var hasOffline: Bool
        var hasMoves: Bool
        var hasCodes: Bool
        var hasRequests: Bool
    }

    struct Page: Encodable {
        var couches: [CouchCard]
    }

    /// Couches worked out at once: each costs a few queries, and the pool serves other pages too.
    static let couchesAtOnce = 4
    /// How far ahead the next stay (for its code) and conflicts are looked for.
    static let daysAhead = 60

    @Sendable func today(_ request: Request) async throws -> Response {
        let signed = try request.console
        let t = view.language(request)
        async let unusable = devices.unusable(ownedBy: signed.principal)
        let failing = Dictionary(grouping: try await feeds.failing(by: signed.principal), by: \.couchId)
        var cards = try await withThrowingTaskGroup(of: (Int, CouchCard).self) { group in
            var cards = [CouchCard?](repeating: nil, count: signed.couches.count)
            for (index, couch) in signed.couches.enumerated() {
                if index >= Self.couchesAtOnce, let (done, card) = try await group.next() { cards[done] = card }
                group.addTask { (index, try await card(couch, failing[couch.id] ?? [], signed.principal, t)) }
            }
            for try await (index, card) in group { cards[index] = card }
            return cards.compactMap { $0 }
        }
        let offline = Dictionary(grouping: try await unusable, by: \.device.couchId)
        for (index, couch) in signed.couches.enumerated() where index < cards.count {
            cards[index].offline = (offline[couch.id] ?? []).map { Self.line($0, t) }
            cards[index].hasOffline = !cards[index].offline.isEmpty
        }
        return try await view.render("today", title: t["today"], Page(couches: cards), live: true, for: request)
    }

    private func card(
        _ couch: Couch, _ failing: [(couchId: UUID, name: String, error: String)], _ principal: Principal, _ t: PageCatalogue.Language
    ) async throws -> CouchCard {
        let today = CalendarDate.today(atCouchIn: couch.details.timeZone, now: now())
        // The days ahead, and the turnover days just behind, where a conflict still matters.
        let ahead = Stay(checkIn: today.adding(days: -7), checkOut: today.adding(days: Self.daysAhead))
        async let listed = reservations.ofCouch(couch.id, ReservationFilter(when: .upcoming, overlapping: ahead), by: principal)
        async let waiting = reservations.ofCouch(couch.id, ReservationFilter(status: .requested), by: principal)
        async let couchCodes = codes.codes(couchId: couch.id, after: nil, limit: 100, by: principal)
        async let conflicts = feeds.conflicts(couchId: couch.id, overlapping: ahead, by: principal)
        let tomorrow = today.adding(days: 1)
        let days = ConsoleDays(t)
        let clock = StayClock(language: t, timeZone: couch.details.timeZone)
        guard case .full(let entries) = try await listed, case .full(let requested) = try await waiting else {
            throw AppError.forbidden("only the couch's host sees its stays")
        }
        let soon = entries.map { ConsoleStay($0, t) }
        let stays = soon + requested.map { ConsoleStay($0, t) }.filter { request in !soon.contains { $0.id == request.id } }
        let holding = stays.filter(\.holds)
        // A request is not a guest yet: it is listed under the requests until the host answers.
        let guests = holding.filter { $0.kind == "booking" || $0.kind == "channel" }
        let current = guests.first { $0.stay.checkIn <= today && today < $0.stay.checkOut }
        var moves: [StayLine] = []
        for (day, name) in [(today, "Today"), (tomorrow, "Tomorrow")] {
            for stay in guests {
                if stay.stay.checkIn == day { moves.append(StayLine(text: t("arrives\(name)", ["who": stay.who]), link: stay.link)) }
                if stay.stay.checkOut == day { moves.append(StayLine(text: t("leaves\(name)", ["who": stay.who]), link: stay.link)) }
            }
        }
        let next = current ?? guests.first { $0.stay.checkIn >= today }
        let shownCodes = try await couchCodes.items.filter { $0.stayId == next?.id && $0.state != .cleared }.map { ConsoleCodeLine($0, clock, t) }
        let requests = stays.filter { $0.status == .requested }.map { stay in
            StayLine(
                text: t(
                    "requestLine",
                    ["who": stay.who, "dates": days.stay(stay.stay), "until": stay.requestExpiresAt.map(clock.moment) ?? "–"]),
                link: "/console/couches/\(couch.id.uuidString.lowercased())/calendar?month=\(Self.month(stay.stay.checkIn))")
        }
        let conflictCount = try await conflicts.count
        let id = couch.id.uuidString.lowercased()
        return CouchCard(
            name: couch.details.name, calendar: "/console/couches/\(id)/calendar", home: "/console/couches/\(id)/home",
            energy: "/console/couches/\(id)/energy", settings: "/console/couches/\(id)/settings", occupied: current != nil,
            occupancy: current.map { t("occupiedBy", ["who": $0.who, "until": days.day($0.stay.checkOut)]) } ?? t["vacant"],
            current: current.map { StayLine(text: $0.who, link: $0.link) }, moves: moves, codes: shownCodes, requests: requests,
            conflicts: conflictCount > 1 ? t("conflicts", ["count": "\(conflictCount)"]) : conflictCount == 1 ? t["conflict"] : nil,
            failingFeeds: failing.map { t("feedFailing", ["feed": $0.name, "error": $0.error]) }, offline: [], hasOffline: false,
            hasMoves: !moves.isEmpty, hasCodes: !shownCodes.isEmpty, hasRequests: !requests.isEmpty)
    }

    /// A device that cannot be used, and why, as the host reads it.
    static func line(_ unusable: DeviceService.UnusableDevice, _ t: PageCatalogue.Language) -> String {
        let device = unusable.device.name
        return switch unusable.reason {
        case .hubUnusable(let error): t("deviceHubDown", ["device": device, "error": error])
        case .thing(let status): t("deviceStatus", ["device": device, "status": ConsoleHomeController.status(status, t)])
        case .thingMissing: t("deviceThingMissing", ["device": device])
        }
    }

    static func month(_ date: CalendarDate) -> String { String(date.description.prefix(7)) }
}
