import Crypto
import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// Booking and cancelling stays, and who may see which reservations.
package struct ReservationService: Sendable {
    let reservations: ReservationRepository
    let imports: CalendarFeedRepository
    let occupancies: OccupancyRepository
    let couches: CouchRepository
    let terms: BookingTermsRepository
    let stayChanges: StayChanges
    /// How many requests to book one guest may have waiting for hosts at once.
    let openRequestsPerGuest: Int
    let now: @Sendable () -> Date

    package init(
        reservations: ReservationRepository, imports: CalendarFeedRepository, occupancies: OccupancyRepository,
        couches: CouchRepository, terms: BookingTermsRepository, stayChanges: StayChanges, openRequestsPerGuest: Int,
        now: @escaping @Sendable () -> Date
    ) {
        self.stayChanges = stayChanges
        self.openRequestsPerGuest = openRequestsPerGuest
        self.reservations = reservations
        self.imports = imports
        self.occupancies = occupancies
        self.couches = couches
        self.terms = terms
        self.now = now
    }

    /// How long an idempotency key is remembered.
    static let idempotencyKeyLifetime: TimeInterval = 24 * 3600
    static let maxNights = 365
    static let maxGuests = 50

    /// A booking request as the client sent it; the dates are validated here.
    package struct Booking: Sendable {
        package var couchId: UUID
        package var checkIn: String
        package var checkOut: String
        package var guests: Int

        package init(couchId: UUID, checkIn: String, checkOut: String, guests: Int) {
            self.couchId = couchId
            self.checkIn = checkIn
            self.checkOut = checkOut
            self.guests = guests
        }
    }

    package enum BookingResult: Sendable {
        case booked(RecordedResponse)
        /// The key was used for this same booking before; its first response, again.
        case replayed(RecordedResponse)
        /// The key was used for a different booking within its lifetime; nothing was done.
        case keyUsedForAnotherBooking
    }

    /// Books a stay for the caller and answers with `respond`'s rendering of the reservation. With an
    /// idempotency key, a repeat of the same booking within a day answers the first response again
    /// instead of booking twice.
    package func book(
        _ booking: Booking, idempotencyKey: String?, by principal: Principal,
        respond: @Sendable (Reservation) throws -> RecordedResponse
    ) async throws -> BookingResult {
        let stay = try Self.validate(booking)
        let now = now()
        let claim = idempotencyKey.map { key in
            IdempotencyClaim(
                userId: principal.userId, key: key, fingerprint: Self.fingerprint(booking.couchId, stay, booking.guests),
                claimedAt: now, expiredBefore: now.addingTimeInterval(-Self.idempotencyKeyLifetime))
        }
        let outcome = try await reservations.book(
            .init(
                couchId: booking.couchId, guestId: principal.userId, stay: stay, guests: booking.guests, at: now,
                openRequestsPerGuest: openRequestsPerGuest),
            idempotency: claim,
            price: { terms in try Self.price(of: stay, guests: booking.guests, at: terms, for: principal.userId, now: now) },
            respond: respond)
        switch outcome {
        case .booked(let response):
            stayChanges.changed(couchId: booking.couchId)
            return .booked(response)
        case .keyTaken(let fingerprint, let response):
            return fingerprint == claim?.fingerprint ? .replayed(response) : .keyUsedForAnotherBooking
        case .couchNotFound:
            throw AppError.notFound("no couch with id \(booking.couchId)")
        case .overlaps:
            throw AppError.conflict(
                "the couch is already booked for some of these nights, or they would take nights kept free for cleaning before or after another stay")
        case .tooManyOpenRequests(let open):
            throw AppError(
                .tooManyOpenRequests,
                "you have \(open) requests to book waiting for their hosts, as many as a guest may have at once: "
                    + "withdraw one (POST /reservations/{id}/cancel) or wait for a host's answer")
        }
    }

    /// What `stay` would cost and whether the caller (anyone, signed in or not) may book it now:
    /// every rule it breaks, and whether its nights are free.
    package func quote(couchId: UUID, checkIn: String?, checkOut: String?, guests: Int?, by principal: Principal?) async throws -> Quote {
        var validation = Validation()
        validation.check(checkIn != nil, "checkIn", "is required")
        validation.check(checkOut != nil, "checkOut", "is required")
        try validation.finish()
        let stay = try Self.validate(Booking(couchId: couchId, checkIn: checkIn ?? "", checkOut: checkOut ?? "", guests: guests ?? 1))
        guard let terms = try await terms.terms(couchId: couchId) else { throw AppError.notFound("no couch with id \(couchId)") }
        var (violations, price) = terms.assess(stay, guests: guests ?? 1, guestId: principal?.userId, now: now())
        // The stay's own turnover must be free too.
        let reach = stay.checkOut.adding(days: terms.rules.turnoverDays)
        if try await !occupancies.occupied(couchId: couchId, from: stay.checkIn, to: reach).isEmpty {
            violations.append(
                RuleViolation(
                    rule: "available", detail: "the couch is taken for some of these nights or of the turnover days after them"))
        }
        return Quote(violations: violations, price: price, currency: terms.currency)
    }

    /// Cancels a stay that has not ended, or withdraws a request, as its guest or its host. The
    /// nights become free; the refund is the booking's policy's (all of it for a request, which
    /// nobody has accepted, and for a host's cancellation).
    package func cancel(_ id: UUID, by principal: Principal) async throws -> Reservation {
        let reservation = try await visible(id, to: principal)
        let now = now()
        let refund = try Self.cancellationRefund(of: reservation, now: now, by: principal)
        guard try await reservations.cancel(id: id, expected: reservation.status, by: principal.userId, refund: refund, at: now) else {
            throw AppError.conflict("the reservation changed meanwhile; read it again")
        }
        stayChanges.changed(couchId: reservation.couchId)
        return try await visible(id, to: principal)
    }

    /// What cancelling now would give back, for a caller to confirm first; the cancellation itself
    /// decides anew at its own moment.
    package func cancellationRefund(_ id: UUID, by principal: Principal) async throws -> (Reservation, refund: Decimal) {
        let reservation = try await visible(id, to: principal)
        return (reservation, try Self.cancellationRefund(of: reservation, now: now(), by: principal))
    }

    private static func cancellationRefund(of reservation: Reservation, now: Date, by principal: Principal) throws -> Decimal {
        guard reservation.status.holds else { throw AppError.conflict("the reservation is already \(reservation.status.rawValue)") }
        guard now < reservation.endsAt else { throw AppError.conflict("the stay has ended; it can no longer be cancelled") }
        return reservation.status == .requested
            ? reservation.totalPrice
            : reservation.cancellationPolicy.refund(
                of: reservation.price, checkInAt: reservation.startsAt, now: now, byHost: principal.userId == reservation.hostId
            ).amount
    }

    /// The host's answer to a request: accepted, it is a confirmed booking like any other;
    /// declined, its nights are free.
    package func decide(_ id: UUID, accept: Bool, by principal: Principal) async throws -> Reservation {
        let reservation = try await visible(id, to: principal)
        guard principal.userId == reservation.hostId else { throw AppError.forbidden("only the couch's host may accept or decline a request") }
        guard reservation.status == .requested else { throw AppError.conflict("the reservation is \(reservation.status.rawValue), not a request") }
        let now = now()
        guard try await reservations.decide(id: id, accept: accept, at: now) else {
            if let expiry = reservation.requestExpiresAt, expiry <= now {
                _ = try await reservations.expireRequests(at: now)
                throw AppError.conflict("the request expired at \(expiry.formatted(.iso8601)); its nights are free again")
            }
            throw AppError.conflict("the request changed meanwhile; read it again")
        }
        stayChanges.changed(couchId: reservation.couchId)
        return try await visible(id, to: principal)
    }

    /// The host ends a confirmed stay sooner (one under way or to come): the nights from
    /// `checkOut` on are free again, the stay's code ends with it, and the nights let go are
    /// refunded at what the guest paid for them.
    package func shorten(_ id: UUID, checkOut text: String?, by principal: Principal) async throws -> Reservation {
        let reservation = try await visible(id, to: principal)
        let (checkOut, price, refund) = try await shortening(reservation, checkOut: text, by: principal)
        guard try await reservations.shorten(id: id, checkOut: checkOut, refund: refund, keeping: price) else {
            throw AppError.conflict("the stay changed meanwhile; read it again")
        }
        stayChanges.changed(couchId: reservation.couchId)
        return try await visible(id, to: principal)
    }

    /// What shortening to `checkOut` would keep and give back, for the host to confirm first.
    package func shorteningRefund(_ id: UUID, checkOut text: String?, by principal: Principal) async throws -> (Reservation, refund: Decimal) {
        let reservation = try await visible(id, to: principal)
        return (reservation, try await shortening(reservation, checkOut: text, by: principal).refund)
    }

    private func shortening(
        _ reservation: Reservation, checkOut text: String?, by principal: Principal
    ) async throws -> (checkOut: CalendarDate, price: PriceBreakdown, refund: Decimal) {
        guard principal.userId == reservation.hostId else { throw AppError.forbidden("only the couch's host may shorten a stay") }
        guard let checkOut = text.flatMap(CalendarDate.init) else { throw AppError.invalid("checkOut", "must be a date YYYY-MM-DD") }
        guard reservation.status == .confirmed else {
            throw AppError.conflict("only a confirmed stay can be shortened, not a \(reservation.status.rawValue) one")
        }
        let now = now()
        guard now < reservation.endsAt else { throw AppError.conflict("the stay has ended") }
        guard let couch = try await couches.find(id: reservation.couchId) else { throw AppError.notFound("no reservation with id \(reservation.id)") }
        let today = CalendarDate.today(atCouchIn: couch.details.timeZone, now: now)
        var validation = Validation()
        validation.check(checkOut > reservation.stay.checkIn, "checkOut", "must be after the check-in, \(reservation.stay.checkIn)")
        validation.check(checkOut < reservation.stay.checkOut, "checkOut", "must be before the stay's check-out, \(reservation.stay.checkOut)")
        validation.check(checkOut >= today, "checkOut", "must not be in the past (it is \(today) at the couch)")
        try validation.finish()
        let (price, refund) = reservation.price.shortened(to: checkOut.days(since: reservation.stay.checkIn))
        return (checkOut, price, refund)
    }

    /// The reservation to its guest or its host, as `visible`.
    package func reservation(_ id: UUID, by principal: Principal) async throws -> Reservation {
        try await visible(id, to: principal)
    }

    /// The reservation, to its guest or its host; anyone else is told nothing, not even that the
    /// id is a reservation.
    private func visible(_ id: UUID, to principal: Principal) async throws -> Reservation {
        guard let reservation = try await reservations.find(id: id, at: now()),
            principal.userId == reservation.guestId || principal.userId == reservation.hostId
        else {
            throw AppError.notFound("no reservation with id \(id)")
        }
        return reservation
    }

    /// The caller's own reservations; nobody else's.
    package func ofGuest(_ guestId: UUID, _ filter: ReservationFilter, by principal: Principal) async throws -> [Reservation] {
        guard guestId == principal.userId else { throw AppError.forbidden("you may list only your own reservations") }
        return try await reservations.list(.guest(guestId), filter, now: now())
    }

    package enum CouchReservations: Sendable {
        /// For the host: every booking, with its guest, and every stay imported from a channel.
        case full([CouchStay])
        /// For anyone else: only which nights are taken from today on, by whatever takes them.
        case booked([Stay])
    }

    package func ofCouch(_ couchId: UUID, _ filter: ReservationFilter, by principal: Principal) async throws -> CouchReservations {
        guard let couch = try await couches.find(id: couchId) else { throw AppError.notFound("no couch with id \(couchId)") }
        if couch.ownerId == principal.userId {
            return .full(try await ofCouch(HostedCouch(checked: couch), filter))
        }
        let today = CalendarDate.today(atCouchIn: couch.details.timeZone, now: now())
        return .booked(try await occupancies.occupied(couchId: couchId, from: today, to: nil).map(\.stay))
    }

    /// The stays at a couch of the caller's: every booking, with its guest, and every stay imported
    /// from a channel.
    package func ofCouch(_ hosted: HostedCouch, _ filter: ReservationFilter) async throws -> [CouchStay] {
        let now = now()
        async let booked = reservations.list(.couch(hosted.id), filter, now: now)
        async let imported = imports.importedStays(ofCouch: hosted.id, filter, now: now)
        return Self.ordered(try await booked.map(CouchStay.booking) + imported.map(CouchStay.imported), filter)
    }

    /// The stays at every couch of the caller's, each as `ofCouch` lists it to its host: for a page
    /// over all of a host's couches at once, in two queries however many couches there are.
    package func ofHost(_ filter: ReservationFilter, by principal: Principal) async throws -> [CouchStay] {
        let now = now()
        async let booked = reservations.list(.owner(principal.userId), filter, now: now)
        async let imported = imports.importedStays(ofOwner: principal.userId, filter, now: now)
        return Self.ordered(try await booked.map(CouchStay.booking) + imported.map(CouchStay.imported), filter)
    }

    /// The stays `ofHost` lists, and besides them each couch's first guest to check in on `from`
    /// or later, however far ahead: a confirmed booking and an import in place. For a page about
    /// the days up to `from` that must still name who comes next.
    package func ofHost(_ filter: ReservationFilter, nextGuestsFrom from: CalendarDate, by principal: Principal) async throws -> [CouchStay] {
        async let listed = ofHost(filter, by: principal)
        async let booked = reservations.nextConfirmed(ownerId: principal.userId, from: from, now: now())
        async let imported = imports.nextPlacedStays(ownerId: principal.userId, from: from)
        let stays = try await listed
        let shown = Set(stays.map(\.id))
        let next = (try await booked.map(CouchStay.booking) + imported.map(CouchStay.imported)).filter { !shown.contains($0.id) }
        return Self.ordered(stays + next, filter)
    }

    /// Stable, so that bookings keep their order among themselves and come before an import of the
    /// same check-in. Sorted by keys taken once: a comparison that read each stay's check-in
    /// copied the whole stay twice.
    private static func ordered(_ stays: [CouchStay], _ filter: ReservationFilter) -> [CouchStay] {
        let keys = stays.map(\.checkIn)
        let upcoming = filter.when == .upcoming
        return stays.indices.sorted { a, b in
            keys[a] == keys[b] ? a < b : (keys[a] < keys[b]) == upcoming
        }.map { stays[$0] }
    }

    /// Checks what can be checked without the couch: dates, their order, the length, the party.
    static func validate(_ booking: Booking) throws -> Stay {
        var validation = Validation()
        let checkIn = CalendarDate(booking.checkIn)
        let checkOut = CalendarDate(booking.checkOut)
        validation.check(checkIn != nil, "checkIn", "must be a date YYYY-MM-DD")
        validation.check(checkOut != nil, "checkOut", "must be a date YYYY-MM-DD")
        if let checkIn, let checkOut {
            let nights = checkOut.days(since: checkIn)
            validation.check(nights > 0, "checkOut", "must be after checkIn")
            validation.check(nights <= maxNights, "checkOut", "a stay is at most \(maxNights) nights")
        }
        // No couch takes more (the schema's max_guests); the bound also keeps a price's arithmetic in range.
        validation.check((1...Self.maxGuests).contains(booking.guests), "guests", "must be from 1 to \(Self.maxGuests)")
        try validation.finish()
        guard let checkIn, let checkOut else { preconditionFailure("validation admits only real dates") }
        return Stay(checkIn: checkIn, checkOut: checkOut)
    }

    /// The rules that need the couch as it is at booking time; returns what the stay is sold for.
    static func price(of stay: Stay, guests: Int, at terms: BookingTerms, for guestId: UUID, now: Date) throws -> PriceBreakdown {
        let (violations, price) = terms.assess(stay, guests: guests, guestId: guestId, now: now)
        var validation = Validation()
        for violation in violations { validation.fail(Self.field(of: violation.rule), violation.detail) }
        try validation.finish()
        return price
    }

    /// The request field a broken rule is about, for a refused booking's problem details.
    static func field(of rule: String) -> String {
        switch rule {
        case "ownCouch": "couchId"
        case "maxGuests": "guests"
        case "minNights", "maxNights": "checkOut"
        default: "checkIn"
        }
    }

    /// Identifies a booking by what it asks for, however its request was spelled.
    static func fingerprint(_ couchId: UUID, _ stay: Stay, _ guests: Int) -> String {
        let request = "booking \(couchId) \(stay.checkIn) \(stay.checkOut) \(guests)"
        return SHA256.hash(data: Data(request.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
