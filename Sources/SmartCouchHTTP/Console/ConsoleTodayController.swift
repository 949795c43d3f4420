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
        /// The couch's id, which the template makes its pages' links of.
        var id: String
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

    /// How far ahead conflicts are looked for, and how far behind one still matters (the turnover
    /// days just past).
    static let daysAhead = 60
    static let daysBehind = 7
    /// What changes the page: not a device's every report (a chatty sensor would have each open
    /// page asked again, and each hub with it, several times a second), only stays, codes,
    /// calendars and hubs.
    static let hearing: [EventType] = [
        .reservationCreated, .reservationCancelled, .reservationChanged, .stayCheckedIn, .stayCheckedOut, .hubOffline, .hubOnline,
        .codeActive, .codeFailed, .codeCleared, .calendarSyncFailed, .calendarConflict
    ]

    /// Every couch at once, in a query each for the stays, the next guests, the requests, their
    /// codes, the conflicts and the failing feeds, however many couches the host has. Only the
    /// days the cards tell are read, and each couch's next guest, not every stay up to it.
    @Sendable func today(_ request: Request) async throws -> Response {
        let signed = try request.console
        let principal = signed.principal
        let t = view.language(request)
        let now = now()
        // Today and tomorrow at every couch, whatever its time zone: a day more either side in UTC.
        // Who comes after them is asked from the window's end, not from each couch's today, so
        // that no date depends on how the database reads a time zone.
        let utc = CalendarDate.today(atCouchIn: "UTC", now: now)
        let window = Stay(checkIn: utc.adding(days: -2), checkOut: utc.adding(days: 3))
        async let unusable = devices.unusable(ownedBy: principal)
        async let listed = reservations.ofHost(
            ReservationFilter(when: .upcoming, overlapping: window), nextGuestsFrom: window.checkOut, by: principal)
        async let waiting = reservations.ofHost(ReservationFilter(status: .requested), by: principal)
        async let conflicts = feeds.conflictCounts(daysBehind: Self.daysBehind, daysAhead: Self.daysAhead, by: principal)
        async let failingFeeds = feeds.failing(by: principal)
        let soon = Dictionary(grouping: try await listed, by: \.couchId)
        let requested = Dictionary(grouping: try await waiting, by: \.couchId)
        let days = signed.couches.map { couch in
            CouchDays(couch, soon: soon[couch.id] ?? [], requested: requested[couch.id] ?? [], now: now, t)
        }
        let stayCodes = Dictionary(
            grouping: try await codes.codes(ofStays: days.flatMap { $0.coded.map(\.id) }, by: principal), by: \.stayId)
        let failing = Dictionary(grouping: try await failingFeeds, by: \.couchId)
        let conflictCounts = try await conflicts
        let offline = Dictionary(grouping: try await unusable, by: \.device.couchId)
        let cards = days.map { day in
            card(
                day, codes: day.coded.map { ($0, stayCodes[$0.id] ?? []) }, conflicts: conflictCounts[day.couch.id] ?? 0,
                failing: failing[day.couch.id] ?? [], offline: offline[day.couch.id] ?? [], t)
        }
        return try await view.render("today", title: t["today"], Page(couches: cards), live: true, hearing: Self.hearing, for: request)
    }

    /// A couch's stays around today, as its card tells them.
    struct CouchDays {
        var couch: CouchName
        var today: CalendarDate
        /// Bookings here and the channels' stays and blocks, then requests not among them.
        var stays: [ConsoleStay]
        /// Who stays: a request is not a guest yet, it is listed under the requests until the host answers.
        var guests: [ConsoleStay]
        var current: ConsoleStay?
        /// The stays whose codes matter now: the current one and the next to arrive (a code that
        /// failed for tomorrow's guest is the host's to see tonight).
        var coded: [ConsoleStay]

        init(_ couch: CouchName, soon: [CouchStay], requested: [CouchStay], now: Date, _ t: PageCatalogue.Language) {
            self.couch = couch
            let today = CalendarDate.today(atCouchIn: couch.timeZone, now: now)
            self.today = today
            let listed = soon.map { ConsoleStay($0, t) }
            stays = listed + requested.map { ConsoleStay($0, t) }.filter { request in !listed.contains { $0.id == request.id } }
            guests = stays.filter { $0.holds && ($0.kind == "booking" || $0.kind == "channel") }
            let current = guests.first { $0.stay.checkIn <= today && today < $0.stay.checkOut && !$0.checkedOut }
            let arriving = guests.first { $0.stay.checkIn >= today && $0.id != current?.id && !$0.checkedOut }
            self.current = current
            coded = [current, arriving].compactMap { $0 }
        }
    }

    private func card(
        _ day: CouchDays, codes: [(stay: ConsoleStay, codes: [DoorCode])], conflicts: Int, failing: [(couchId: UUID, name: String, error: String)],
        offline: [DeviceService.UnusableDevice], _ t: PageCatalogue.Language
    ) -> CouchCard {
        let couch = day.couch
        let days = ConsoleDays(t)
        let clock = StayClock(language: t, timeZone: couch.timeZone)
        var moves: [StayLine] = []
        for (date, name) in [(day.today, "Today"), (day.today.adding(days: 1), "Tomorrow")] {
            // A guest who checked out has left, whatever day the stay was to end.
            for stay in day.guests where !stay.checkedOut {
                if stay.stay.checkIn == date { moves.append(StayLine(text: t("arrives\(name)", ["who": stay.who]), link: stay.link)) }
                if stay.stay.checkOut == date { moves.append(StayLine(text: t("leaves\(name)", ["who": stay.who]), link: stay.link)) }
            }
        }
        // With two stays' codes, each door says whose it is.
        let shownCodes = codes.flatMap { coded in
            coded.codes.map { code in
                var line = ConsoleCodeLine(code, clock, t)
                if codes.count > 1 { line.door = t("codeOf", ["door": line.door, "who": coded.stay.who]) }
                return line
            }
        }
        // Soonest first, those in the window and those waiting beyond it alike.
        let requests = day.stays.filter { $0.status == .requested }.sorted { $0.stay.checkIn < $1.stay.checkIn }.map { stay in
            StayLine(
                text: t(
                    "requestLine",
                    ["who": stay.who, "dates": days.stay(stay.stay), "until": stay.requestExpiresAt.map(clock.moment) ?? "–"]),
                link: "/console/couches/\(couch.id.uuidString.lowercased())/calendar?month=\(Self.month(stay.stay.checkIn))")
        }
        let offlineLines = offline.map { Self.line($0, t) }
        let id = couch.id.uuidString.lowercased()
        return CouchCard(
            name: couch.name, id: id, occupied: day.current != nil,
            occupancy: day.current.map { t("occupiedBy", ["who": $0.who, "until": days.day($0.stay.checkOut)]) } ?? t["vacant"],
            current: day.current.map { StayLine(text: $0.who, link: $0.link) }, moves: moves, codes: shownCodes, requests: requests,
            conflicts: conflicts > 1 ? t("conflicts", ["count": "\(conflicts)"]) : conflicts == 1 ? t["conflict"] : nil,
            failingFeeds: failing.map { t("feedFailing", ["feed": $0.name, "error": $0.error]) }, offline: offlineLines,
            hasOffline: !offlineLines.isEmpty, hasMoves: !moves.isEmpty, hasCodes: !shownCodes.isEmpty, hasRequests: !requests.isEmpty)
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
