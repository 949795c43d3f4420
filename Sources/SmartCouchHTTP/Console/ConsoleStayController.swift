import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// One stay as its host runs it: guest, dates, money, its door codes on each lock, its link,
/// check-in; shortening and cancelling, each with its refund shown before the host confirms.
struct ConsoleStayController {
    /// The link just made, shown once on the stay's page for the host to copy (the token is not kept).
    static let madeLinkCookie = "console-stay-link"

    let reservations: ReservationService
    let access: StayAccessService
    let codes: DoorCodeService
    let view: ConsoleView
    let publicURL: String?
    let now: @Sendable () -> Date

    func register(signedIn: any RoutesBuilder) {
        let stay = signedIn.grouped("console", "stays", ":stayId")
        stay.get(use: show)
        stay.post("link", use: makeLink)
        stay.post("link", "revoke", use: revokeLink)
        stay.get("cancel", use: confirmCancel)
        stay.post("cancel", use: cancel)
        stay.get("shorten", use: confirmShorten)
        stay.post("shorten", use: shorten)
    }

    struct Page: Encodable {
        var heading: String
        var base: String
        var facts: [ConsoleFact]
        var price: [ConsoleFact]
        // Leaf reads an empty list as true.
        var hasPrice: Bool
        var codes: [ConsoleCodeLine]
        var noCodes: Bool
        var madeLink: String?
        var canLink: Bool
        /// Why there is no link to make: the stay is over, or holds no nights.
        var noLink: String
        var canCancel: Bool
        var canShorten: Bool
        var calendar: String
    }

    struct Confirm: Encodable {
        var heading: String
        var question: String
        var refund: String
        var action: String
        var checkOut: String?
        var back: String
    }

    @Sendable func show(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let stayId = try request.uuid("stayId", as: "stayId")
        let t = view.language(request)
        let shown = try await access.access(stayId: stayId, by: principal)
        let stay = shown.stay
        guard stay.ownerId == principal.userId else { throw AppError.notFound("no stay with id \(stayId)") }
        let booking = stay.source == .booking ? try await reservations.reservation(stayId, by: principal) : nil
        async let couchCodes = codes.codes(couchId: stay.couchId, after: nil, limit: 100, by: principal)
        let clock = StayClock(language: t, timeZone: stay.timeZone)
        let days = ConsoleDays(t)
        let money = ConsoleMoney(t, currency: booking?.currency ?? "")
        var facts = [
            ConsoleFact(label: t["guest"], value: booking?.guestName ?? t["kind.channel"]),
            ConsoleFact(label: t["dates"], value: days.stay(stay.stay)),
            ConsoleFact(label: t["status"], value: booking.map { t["status.\($0.status.rawValue)"] } ?? t["kind.channel"])
        ]
        // Where the stay is in its days only for one that holds them: a cancelled or declined stay is
        // upcoming for nobody.
        if stay.live { facts.append(ConsoleFact(label: t["phase"], value: t["phase.\(shown.phase.rawValue)"])) }
        if let arrived = stay.presence.checkedInAt { facts.append(ConsoleFact(label: t["checkedIn"], value: clock.moment(arrived))) }
        if let left = stay.presence.checkedOutAt { facts.append(ConsoleFact(label: t["checkedOut"], value: clock.moment(left))) }
        var price: [ConsoleFact] = []
        if let booking {
            price = ConsoleFact.lines(of: booking.price, money, t)
            // A request is paid when the host accepts it; one declined or run out never was. Else
            // what was paid at booking is what the guest paid in the end and what came back.
            if ![.requested, .declined, .expired].contains(booking.status) {
                price.append(ConsoleFact(label: t["paidAtBooking"], value: money(booking.totalPrice + (booking.refund ?? 0))))
                if let refund = booking.refund { price.append(ConsoleFact(label: t["refunded"], value: money(refund))) }
                price.append(ConsoleFact(label: t["paid"], value: money(booking.totalPrice)))
            }
        }
        let lines = try await couchCodes.items.filter { $0.stayId == stayId }.map { ConsoleCodeLine($0, clock, t) }
        let base = "/console/stays/\(stayId.uuidString.lowercased())"
        let over = !stay.live || stay.presence.checkedOutAt != nil || stay.accessUntil <= now()
        let made = request.cookies[Self.madeLinkCookie]?.string.removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 }
        let page = Page(
            heading: t("stayOf", ["who": facts[0].value, "couch": stay.couchName]), base: base, facts: facts, price: price, hasPrice: !price.isEmpty,
            codes: lines, noCodes: lines.isEmpty, madeLink: made, canLink: !over,
            noLink: t[booking?.status == .requested ? "noLinkRequest" : stay.live ? "noLink" : "noLinkNotHeld"],
            canCancel: (booking?.status.holds ?? false) && !over,
            canShorten: booking?.status == .confirmed && !over,
            calendar: "/console/couches/\(stay.couchId.uuidString.lowercased())/calendar?month=\(ConsoleCalendarController.text(stay.stay.checkIn))")
        let response = try await view.render("stay", title: page.heading, page, couch: stay.couchId, live: true, for: request)
        if request.cookies[Self.madeLinkCookie] != nil {
            response.cookies[Self.madeLinkCookie] = linkCookie("", maxAge: 0, path: base)
        }
        return response
    }

    @Sendable func makeLink(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let stayId = try request.uuid("stayId", as: "stayId")
        let base = "/console/stays/\(stayId.uuidString.lowercased())"
        var made: String?
        let response = try await view.submit(base, done: view.language(request)["linkMade"]) {
            let (token, _) = try await access.link(stayId: stayId, by: principal)
            let origin = publicURL ?? "http://\(request.headers.first(name: .host) ?? "localhost")"
            made = "\(origin)/stays/\(token)"
        }
        if let made {
            response.cookies[Self.madeLinkCookie] = linkCookie(
                made.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "", maxAge: ConsoleCookies.noticeLifetime, path: base)
        }
        return response
    }

    @Sendable func revokeLink(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let stayId = try request.uuid("stayId", as: "stayId")
        let t = view.language(request)
        let base = "/console/stays/\(stayId.uuidString.lowercased())"
        // A second press, or a stay that never had one: nothing works now either way, as asked.
        var hadLink = true
        let response = try await view.submit(base, done: t["linkRevoked"]) { hadLink = try await access.revokeLink(stayId: stayId, by: principal) }
        return hadLink ? response : view.redirect(base, notice: t["noLinkToRevoke"])
    }

    @Sendable func confirmCancel(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let stayId = try request.uuid("stayId", as: "stayId")
        let t = view.language(request)
        let (reservation, refund) = try await reservations.cancellationRefund(stayId, by: principal)
        try requireHost(reservation, principal)
        let base = "/console/stays/\(stayId.uuidString.lowercased())"
        let page = Confirm(
            heading: t["cancelStay"], question: t("cancelQuestion", ["who": reservation.guestName]),
            refund: t("refundWillBe", ["amount": ConsoleMoney(t, currency: reservation.currency)(refund)]), action: base + "/cancel", checkOut: nil,
            back: base)
        return try await view.render("confirm", title: page.heading, page, couch: reservation.couchId, for: request)
    }

    @Sendable func cancel(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let stayId = try request.uuid("stayId", as: "stayId")
        let t = view.language(request)
        let base = "/console/stays/\(stayId.uuidString.lowercased())"
        try requireHost(try await reservations.reservation(stayId, by: principal), principal)
        return try await view.submit(base, done: t["cancelled"]) {
            _ = try await reservations.cancel(stayId, by: principal)
        }
    }

    struct ShortenForm: Content {
        var checkOut: String?
    }

    @Sendable func confirmShorten(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let stayId = try request.uuid("stayId", as: "stayId")
        let t = view.language(request)
        let base = "/console/stays/\(stayId.uuidString.lowercased())"
        let checkOut = request.query[String.self, at: "checkOut"]
        let preview: (Reservation, refund: Decimal)
        do {
            preview = try await reservations.shorteningRefund(stayId, checkOut: checkOut, by: principal)
        } catch let error as AppError where ConsoleView.told.contains(error.kind) {
            return view.redirect(base, notice: error.detail)
        }
        let (reservation, refund) = preview
        let page = Confirm(
            heading: t["shortenStay"],
            question: t(
                "shortenQuestion",
                ["who": reservation.guestName, "date": ConsoleDays(t).day(CalendarDate(checkOut ?? "") ?? reservation.stay.checkOut)]),
            refund: t("refundWillBe", ["amount": ConsoleMoney(t, currency: reservation.currency)(refund)]), action: base + "/shorten",
            checkOut: checkOut, back: base)
        return try await view.render("confirm", title: page.heading, page, couch: reservation.couchId, for: request)
    }

    @Sendable func shorten(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let stayId = try request.uuid("stayId", as: "stayId")
        let form = try request.content.decode(ShortenForm.self)
        return try await view.submit("/console/stays/\(stayId.uuidString.lowercased())", done: view.language(request)["shortened"]) {
            _ = try await reservations.shorten(stayId, checkOut: form.checkOut, by: principal)
        }
    }

    /// The console is the host's: a guest's own cancellation is the app's.
    private func requireHost(_ reservation: Reservation, _ principal: Principal) throws {
        guard reservation.hostId == principal.userId else { throw AppError.notFound("no stay with id \(reservation.id)") }
    }

    private func linkCookie(_ value: String, maxAge: Int, path: String) -> HTTPCookies.Value {
        HTTPCookies.Value(string: value, maxAge: maxAge, path: path, isSecure: view.secureCookies, isHTTPOnly: true, sameSite: .strict)
    }
}
