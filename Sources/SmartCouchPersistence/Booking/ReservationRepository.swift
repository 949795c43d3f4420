import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

package struct ReservationRepository: Sendable {
    let client: DatabasePool
    let logger: Logger
    let conversations: ConversationRepository
    let idempotencyKeys: IdempotencyRepository

    package init(client: DatabasePool, logger: Logger, conversations: ConversationRepository, idempotencyKeys: IdempotencyRepository) {
        self.client = client
        self.logger = logger
        self.conversations = conversations
        self.idempotencyKeys = idempotencyKeys
    }

    /// When a stay is over, for any query over `reservationTables` (migration 0008's stay_window).
    static let endsAt = "upper(stay_window(r.stay, c.check_in_time, c.check_out_time, c.time_zone))"
    static let startsAt = "lower(stay_window(r.stay, c.check_in_time, c.check_out_time, c.time_zone))"

    /// The host–guest conversation of the reservation `r` at the couch `c`.
    static let conversationOfStay = """
        (SELECT id FROM conversations
         WHERE couch_id = r.couch_id AND user_low = least(r.guest_id, c.owner_id) AND user_high = greatest(r.guest_id, c.owner_id))
        """

    /// The columns `reservations(from:)` decodes by their names, the conversation's id as `conversation` gives it;
    /// a request's guest's open requests are counted as of `now`.
    static func reservationColumns(at now: Date, conversation: String = conversationOfStay) -> SQLFragment {
        """
        r.id, r.couch_id, c.owner_id AS host_id, r.guest_id, g.name AS guest_name, lower(r.stay) AS check_in,
        upper(r.stay) AS check_out, r.guests, r.status, r.total_price, r.currency, \(unescaped: conversation) AS conversation_id,
        \(unescaped: startsAt) AS starts_at, \(unescaped: endsAt) AS ends_at,
        (SELECT id FROM ratings WHERE reservation_id = r.id) AS rating_id, r.created_at, r.cancelled_at, r.cancelled_by,
        (SELECT checked_in_at FROM stay_presence WHERE stay_id = r.id) AS checked_in_at,
        (SELECT checked_out_at FROM stay_presence WHERE stay_id = r.id) AS checked_out_at,
        r.night_prices::text[] AS night_prices, r.cleaning_fee, r.extra_guest_fees, r.discount, r.cancellation_policy, r.refund,
        r.request_expires_at,
        CASE WHEN r.status = 'requested' THEN 1 + (
            SELECT count(*)::int FROM reservations o
            WHERE o.guest_id = r.guest_id AND o.status = 'requested' AND o.request_expires_at > \(now) AND o.id <> r.id) END
            AS guest_open_requests
        """
    }
    static let reservationTables = "reservations r JOIN couches c ON c.id = r.couch_id JOIN users g ON g.id = r.guest_id"

    package struct NewReservation: Sendable {
        package var couchId: UUID
        package var guestId: UUID
        package var stay: Stay
        package var guests: Int
        /// When it is asked for: a couch that does not book instantly holds it as a request from
        /// then for its request expiry.
        package var at: Date
        /// How many requests to book one guest may have open at once; a request past it is refused.
        package var openRequestsPerGuest: Int

        package init(couchId: UUID, guestId: UUID, stay: Stay, guests: Int, at: Date, openRequestsPerGuest: Int) {
            self.couchId = couchId
            self.guestId = guestId
            self.stay = stay
            self.guests = guests
            self.at = at
            self.openRequestsPerGuest = openRequestsPerGuest
        }
    }

    package enum BookingOutcome: Sendable {
        /// Booked; the response is recorded under the idempotency key if there was one.
        case booked(RecordedResponse)
        /// The idempotency key is already held; nothing was done.
        case keyTaken(fingerprint: String, response: RecordedResponse)
        case couchNotFound
        /// A confirmed stay of the couch overlaps these dates.
        case overlaps
        /// The couch takes requests, and the guest has as many open as one may.
        case tooManyOpenRequests(Int)
    }

    /// Books a stay in one transaction: claims the idempotency key (if any), locks the couch against
    /// deletion, lets `price` apply the booking rules to the couch as it is now (it throws to
    /// refuse, or returns the total price), inserts the reservation, opens the host–guest
    /// conversation and records `respond`'s answer under the key. Overlaps are left to the
    /// exclusion constraint, which also decides races between concurrent bookings (a booking waits
    /// for the one it races as long as a statement may, not just as long as a lock may be held).
    package func book(
        _ new: NewReservation,
        idempotency claim: IdempotencyClaim?,
        price: @Sendable (BookingTerms) throws -> PriceBreakdown,
        respond: @Sendable (Reservation) throws -> RecordedResponse
    ) async throws -> BookingOutcome {
        try await retryingDeadlocks { try await attemptBooking(new, idempotency: claim, price: price, respond: respond) }
    }

    private func attemptBooking(
        _ new: NewReservation,
        idempotency claim: IdempotencyClaim?,
        price: @Sendable (BookingTerms) throws -> PriceBreakdown,
        respond: @Sendable (Reservation) throws -> RecordedResponse
    ) async throws -> BookingOutcome {
        do {
            return try await client.transaction(logger: logger) { connection in
                if let claim, case .taken(let fingerprint, let response) = try await idempotencyKeys.claim(claim, on: connection) {
                    return .keyTaken(fingerprint: fingerprint, response: response)
                }
                // Up to its row, a booking waits for other transactions to end (bounded by the
                // statement timeout, not the shorter lock bound): the booking of this couch ahead
                // of it, whose outcome decides its answer, and so a host's change to the couch too;
                // the guest's request ahead of it; a block or booking of the same nights.
                let (couch, booked) = try await connection.waitingForOutcomeUntilCommit(logger: logger) {
                    () async throws -> (BookingTerms, Reservation?) in
                    // Bookings of one couch take its row in turn: racing each other's overlapping and
                    // turnover nights instead, 50 guests on a loaded machine got 14 × 503 or a 30 s
                    // wait. Taken in a statement of its own: the terms are then read in a snapshot
                    // taken after it, so a change to the prices this waited for is read whole (one
                    // statement read the couch's new nightly price beside its old price ranges).
                    _ = try await client.prepared("SELECT 1 FROM couches WHERE id = \(new.couchId) FOR NO KEY UPDATE", on: connection, logger: logger)
                    // The couch's terms, and whether a request there has run out: one that has no
                    // longer holds nights another booking may take.
                    let read: SQLFragment = """
                        SELECT \(BookingTermsRepository.termsColumns(within: new.stay)),
                               EXISTS (SELECT 1 FROM reservations WHERE couch_id = c.id AND status = 'requested' AND request_expires_at <= \(new.at))
                                   AS requests_ran_out
                        FROM couches c WHERE c.id = \(new.couchId)
                        """
                    var found: (terms: BookingTerms, requestsRanOut: Bool)?
                    for row in try await client.prepared(read, on: connection, logger: logger) {
                        let cells = row.makeRandomAccess()
                        found = (try BookingTermsRepository.terms(from: cells), try cells.column("requests_ran_out").decode(Bool.self))
                    }
                    // Rolled back rather than returned, so that the idempotency key is released.
                    guard let (couch, requestsRanOut) = found else { throw Abandoned(outcome: .couchNotFound) }
                    let sold = try price(couch)
                    let expiresAt = couch.rules.instantBook ? nil : new.at.addingTimeInterval(TimeInterval(couch.rules.requestExpiryHours) * 3600)
                    if expiresAt != nil {
                        // A guest's requests are counted one at a time, so that several sent at once
                        // cannot all pass the cap: each waits for the one before it to commit or not.
                        // The row lock leaves the guest's foreign keys alone.
                        try await connection.execute("SELECT 1 FROM users WHERE id = \(new.guestId) FOR NO KEY UPDATE", logger: logger)
                        let counted = try await connection.query(
                            """
                            SELECT count(*)::int FROM reservations
                            WHERE guest_id = \(new.guestId) AND status = 'requested' AND request_expires_at > \(new.at)
                            """, logger: logger)
                        for try await open in counted.decode(Int.self) where open >= new.openRequestsPerGuest {
                            throw Abandoned(outcome: .tooManyOpenRequests(open))
                        }
                    }
                    if requestsRanOut {
                        // Fires: reservations_occupy (an expired request's nights freed, then occupancies_freed) and reservations_events (reservation.changed).
                        try await connection.query(
                            """
                            UPDATE reservations SET status = 'expired'
                            WHERE couch_id = \(new.couchId) AND status = 'requested' AND request_expires_at <= \(new.at)
                            """, logger: logger)
                    }
                    // One statement books, opens the host–guest conversation and reads the reservation
                    // back: a booking's round trips are most of its cost.
                    // Fires: reservations_occupy (the stay's nights into occupancies, where overlap and turnover hold) and reservations_events (reservation.created).
                    let insert: SQLFragment = """
                        WITH r AS (
                            INSERT INTO reservations (couch_id, guest_id, stay, guests, status, request_expires_at, total_price, paid, currency,
                                                      night_prices, cleaning_fee, extra_guest_fees, discount, cancellation_policy)
                            VALUES (\(new.couchId), \(new.guestId), daterange(\(new.stay.checkIn), \(new.stay.checkOut), '[)'),
                                    \(new.guests), \(expiresAt == nil ? "confirmed" : "requested"), \(expiresAt), \(sold.total), \(sold.total), \(couch.currency),
                                    \(sold.nights.map(\.nightly.description))::numeric[],
                                    \(sold.cleaningFee), \(sold.extraGuestFees), \(sold.discount), \(couch.rules.cancellationPolicy.rawValue))
                            RETURNING *
                        ), opened AS (
                            INSERT INTO conversations (couch_id, user_low, user_high)
                            VALUES (\(new.couchId), least(\(couch.ownerId), \(new.guestId)), greatest(\(couch.ownerId), \(new.guestId)))
                            ON CONFLICT (couch_id, user_low, user_high) DO NOTHING
                            RETURNING id
                        )
                        SELECT \(Self.reservationColumns(at: new.at, conversation: "coalesce((SELECT id FROM opened), \(Self.conversationOfStay))"))
                        FROM r JOIN couches c ON c.id = r.couch_id JOIN users g ON g.id = r.guest_id
                        """
                    return (couch, try await client.prepared(insert, on: connection, logger: logger).first.map(Self.reservation(from:)))
                }
                guard var reservation = booked else { throw MissingRow("an INSERT … RETURNING") }
                // Most bookings commit next, which ends the lifted bound; the rarer statements below
                // get it back first.
                if reservation.conversationId == nil || claim != nil { try await connection.restoringLockBound(logger: logger) }
                if reservation.conversationId == nil {
                    // A concurrent booking of the same guest at the same host opened it after this
                    // statement's snapshot was taken; a statement of its own sees it.
                    switch try await conversations.open(couchId: new.couchId, between: couch.ownerId, and: new.guestId, on: connection) {
                    case .opened(let id), .existing(let id): reservation.conversationId = id
                    case .unknownCouchOrUser, nil: break
                    }
                }
                let response = try respond(reservation)
                if let claim { try await idempotencyKeys.record(response, for: claim, on: connection) }
                return .booked(response)
            }
        } catch let abandoned as Abandoned {
            return abandoned.outcome
        } catch let error as PSQLError where error.isExclusionViolation {
            return .overlaps
        }
    }

    /// Ends a transaction with a rollback and an outcome instead of an error.
    private struct Abandoned: Error {
        let outcome: BookingOutcome
    }

    /// The reservation as it is at `now`.
    package func find(id: UUID, at now: Date) async throws -> Reservation? {
        try await client.prepared(ReservationById(now: now, id: id), logger: logger).first
    }

    /// `find`'s statement, asked by a stay's pages and by every change to a reservation.
    private struct ReservationById: PostgresPreparedStatement {
        static let name = "reservation_by_id"
        // The same columns as every reservation query: $1 the moment, $2 the id.
        static let sql = SQLFragment("SELECT \(reservationColumns(at: .distantPast)) FROM \(unescaped: reservationTables) WHERE r.id = \(UUID())")
            .placeholderText
        static let bindingDataTypes: [PostgresDataType] = [.timestamptz, .uuid]

        var now: Date
        var id: UUID

        func makeBindings() -> PostgresBindings { PostgresBindings(now, id) }

        func decodeRow(_ row: PostgresRow) throws -> Reservation { try ReservationRepository.reservation(from: row) }
    }

    /// Whose reservations a listing is of.
    package enum Scope: Sendable {
        case guest(UUID)
        case couch(UUID)
        /// Every couch of the owner's.
        case owner(UUID)
    }

    /// The reservations of `scope` that pass `filter`. Upcoming stays come soonest check-in first;
    /// past ones, or all, newest check-in first.
    package func list(_ scope: Scope, _ filter: ReservationFilter, now: Date) async throws -> [Reservation] {
        switch scope {
        case .guest(let id): try await client.prepared(Listing<OfGuest>(id: id, filter: filter, now: now), logger: logger)
        case .couch(let id): try await client.prepared(Listing<OfCouch>(id: id, filter: filter, now: now), logger: logger)
        case .owner(let id): try await client.prepared(Listing<OfOwner>(id: id, filter: filter, now: now), logger: logger)
        }
    }

    /// A listing's statement, prepared for each scope: the filter's parts are optional binds, so
    /// that one plan serves every filter (planning cost more than running, a millisecond a page).
    private protocol ListingScope {
        static var name: String { get }
        static var sql: String { get }
    }

    /// The listing where `condition` (over `r` and `c`, with `$2`) holds. `$1` the moment (the
    /// columns), `$3` the status, `$4`/`$5` the window, `$6` upcoming, `$7` the moment again.
    private static func listing(where condition: String) -> String {
        SQLFragment(
            """
            SELECT \(reservationColumns(at: .distantPast)) FROM \(unescaped: reservationTables)
            WHERE \(unescaped: condition)
              AND ($3::text IS NULL OR r.status = $3)
              AND ($4::date IS NULL OR r.stay && daterange($4::date, $5::date))
              AND ($6::boolean IS NULL OR (\(unescaped: endsAt) > $7) = $6)
            ORDER BY CASE WHEN $6 THEN lower(r.stay) END, lower(r.stay) DESC, r.id
            """
        ).placeholderText
    }

    private enum OfGuest: ListingScope {
        static let name = "reservations_of_guest"
        static let sql = listing(where: "r.guest_id = $2")
    }

    private enum OfCouch: ListingScope {
        static let name = "reservations_of_couch"
        static let sql = listing(where: "r.couch_id = $2")
    }

    private enum OfOwner: ListingScope {
        static let name = "reservations_of_owner"
        static let sql = listing(where: "c.owner_id = $2")
    }

    private struct Listing<Scope: ListingScope>: PostgresPreparedStatement {
        static var name: String { Scope.name }
        static var sql: String { Scope.sql }
        static var bindingDataTypes: [PostgresDataType] { [.timestamptz, .uuid, .text, .date, .date, .bool, .timestamptz] }

        var id: UUID
        var filter: ReservationFilter
        var now: Date

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(now, id)
            try bindings.append(filter.status?.rawValue)
            try bindings.append(filter.overlapping?.checkIn)
            try bindings.append(filter.overlapping?.checkOut)
            try bindings.append(filter.when.map { $0 == .upcoming })
            bindings.append(now)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Reservation { try ReservationRepository.reservation(from: row) }
    }

    /// Each of an owner's couches' first confirmed stay to check in on `from` or later, as it is
    /// at `now`. One row a couch at most, however far ahead it is.
    package func nextConfirmed(ownerId: UUID, from: CalendarDate, now: Date) async throws -> [Reservation] {
        try await client.prepared(NextConfirmed(now: now, from: from, ownerId: ownerId), logger: logger)
    }

    /// `nextConfirmed`'s statement, asked by every console Today page.
    private struct NextConfirmed: PostgresPreparedStatement {
        static let name = "next_confirmed_stays"
        // $1 the moment (the columns), $2 the first check-in, $3 the owner.
        static let sql = SQLFragment(
            """
            SELECT \(reservationColumns(at: .distantPast)) FROM \(unescaped: reservationTables)
            WHERE r.id IN (
                SELECT n.id FROM couches o CROSS JOIN LATERAL (
                    SELECT x.id FROM reservations x
                    WHERE x.couch_id = o.id AND x.status = 'confirmed' AND lower(x.stay) >= \(CalendarDate(daysSinceEpoch: 0))
                    ORDER BY lower(x.stay) LIMIT 1) n
                WHERE o.owner_id = \(UUID()))
            """
        ).placeholderText
        static let bindingDataTypes: [PostgresDataType] = [.timestamptz, .date, .uuid]

        var now: Date
        var from: CalendarDate
        var ownerId: UUID

        func makeBindings() -> PostgresBindings { PostgresBindings(now, from, ownerId) }

        func decodeRow(_ row: PostgresRow) throws -> Reservation { try ReservationRepository.reservation(from: row) }
    }

    /// Cancels a reservation that holds its nights: `refund`, of what the stay costs now, is added
    /// to what shortenings gave back, and the stay costs what the cancellation kept. False when it
    /// no longer was what `expected` says (a concurrent change won).
    package func cancel(id: UUID, expected: Reservation.Status, by userId: UUID, refund: Decimal, at now: Date) async throws -> Bool {
        // Fires: reservations_occupy (the nights freed, then occupancies_freed gives them to channel events waiting) and reservations_events (reservation.cancelled).
        let rows = try await client.query(
            """
            UPDATE reservations SET status = 'cancelled', cancelled_at = \(now), cancelled_by = \(userId),
                total_price = total_price - \(refund), refund = coalesce(refund, 0) + \(refund)
            WHERE id = \(id) AND status = \(expected.rawValue)
            RETURNING id
            """, logger: logger)
        for try await _ in rows { return true }
        return false
    }

    /// A host's answer to a request: confirmed when accepted, declined otherwise. False when it
    /// was no longer a request that had not expired by `now`.
    package func decide(id: UUID, accept: Bool, at now: Date) async throws -> Bool {
        // Fires: reservations_occupy (an accepted request's nights held, a declined one's freed) and reservations_events (reservation.changed).
        let rows = try await client.query(
            """
            UPDATE reservations SET status = \(accept ? "confirmed" : "declined")
            WHERE id = \(id) AND status = 'requested' AND request_expires_at > \(now)
            RETURNING id
            """, logger: logger)
        for try await _ in rows { return true }
        return false
    }

    /// Marks requests that ran out by `now` expired, which frees their nights; answers how many.
    package func expireRequests(at now: Date) async throws -> Int {
        // Fires: reservations_occupy (the nights freed) and reservations_events (reservation.changed) for each request expired.
        let rows = try await client.query(
            """
            UPDATE reservations SET status = 'expired' WHERE status = 'requested' AND request_expires_at <= \(now) RETURNING id
            """, logger: logger)
        var expired = 0
        for try await _ in rows { expired += 1 }
        return expired
    }

    /// Ends a confirmed stay sooner: its nights from `checkOut` on are let go (and taken by
    /// imported stays waiting for them), its price keeps the nights it still has, and `refund`
    /// is recorded. False when it was no longer confirmed, or already as short.
    package func shorten(id: UUID, checkOut: CalendarDate, refund: Decimal, keeping price: PriceBreakdown) async throws -> Bool {
        // Fires: reservations_occupy (the nights after the new check-out freed), reservations_events (reservation.changed) and reservations_revision (the export's SEQUENCE).
        let rows = try await client.query(
            """
            UPDATE reservations SET stay = daterange(lower(stay), \(checkOut)), night_prices = \(price.nights.map(\.nightly.description))::numeric[],
                extra_guest_fees = \(price.extraGuestFees), discount = \(price.discount), total_price = \(price.total),
                refund = coalesce(refund, 0) + \(refund)
            WHERE id = \(id) AND status = 'confirmed' AND upper(stay) > \(checkOut) AND lower(stay) < \(checkOut)
            RETURNING id
            """, logger: logger)
        for try await _ in rows { return true }
        return false
    }

    static func reservations(from rows: PostgresRowSequence) async throws -> [Reservation] {
        var reservations: [Reservation] = []
        for try await row in rows { reservations.append(try reservation(from: row)) }
        return reservations
    }

    // Column by column with concrete types, as couches are read; by the names reservationColumns gives.
    static func reservation(from row: PostgresRow) throws -> Reservation {
        let cells = row.makeRandomAccess()
        let status = try cells.column("status").decode(String.self)
        let policy = try cells.column("cancellation_policy").decode(String.self)
        guard let status = Reservation.Status(rawValue: status) else { throw UnknownStoredValue("a reservation status", status) }
        guard let policy = CancellationPolicy(rawValue: policy) else { throw UnknownStoredValue("a cancellation policy", policy) }
        let stay = Stay(
            checkIn: try cells.column("check_in").decode(CalendarDate.self), checkOut: try cells.column("check_out").decode(CalendarDate.self))
        let nights = try cells.column("night_prices").decode([String].self).enumerated().map { index, text in
            PriceBreakdown.Night(date: stay.checkIn.adding(days: index), nightly: try Decimal(numericText: text))
        }
        let nightsTotal = nights.reduce(Decimal(0)) { $0 + $1.nightly }
        let cleaningFee = try cells.column("cleaning_fee").decode(Decimal.self)
        let extraGuestFees = try cells.column("extra_guest_fees").decode(Decimal.self)
        let discount = try cells.column("discount").decode(Decimal.self)
        // The breakdown is of the nights the stay holds, or held when it was cancelled; what a
        // cancellation kept of it is the total price.
        let price = PriceBreakdown(
            nights: nights, nightsTotal: nightsTotal, cleaningFee: cleaningFee, extraGuestFees: extraGuestFees, discount: discount,
            total: nightsTotal - discount + cleaningFee + extraGuestFees)
        return Reservation(
            id: try cells.column("id").decode(UUID.self), couchId: try cells.column("couch_id").decode(UUID.self),
            hostId: try cells.column("host_id").decode(UUID.self), guestId: try cells.column("guest_id").decode(UUID.self),
            guestName: try cells.column("guest_name").decode(String.self), stay: stay, guests: try cells.column("guests").decode(Int.self),
            status: status, price: price, currency: try cells.column("currency").decode(String.self), cancellationPolicy: policy,
            refund: try cells.column("refund").decode(Decimal?.self), totalPrice: try cells.column("total_price").decode(Decimal.self),
            requestExpiresAt: try cells.column("request_expires_at").decode(Date?.self),
            guestOpenRequests: try cells.column("guest_open_requests").decode(Int?.self),
            conversationId: try cells.column("conversation_id").decode(UUID?.self), startsAt: try cells.column("starts_at").decode(Date.self),
            endsAt: try cells.column("ends_at").decode(Date.self), ratingId: try cells.column("rating_id").decode(UUID?.self),
            createdAt: try cells.column("created_at").decode(Date.self), cancelledAt: try cells.column("cancelled_at").decode(Date?.self),
            cancelledBy: try cells.column("cancelled_by").decode(UUID?.self),
            presence: StayPresence(
                checkedInAt: try cells.column("checked_in_at").decode(Date?.self),
                checkedOutAt: try cells.column("checked_out_at").decode(Date?.self)))
    }
}
