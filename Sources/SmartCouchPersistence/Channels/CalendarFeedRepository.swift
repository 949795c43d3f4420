import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// Imported channel calendars (`calendar_feeds`), the events of their last good fetch
/// (`channel_events`) and the occupancies those events hold.
package struct CalendarFeedRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// What a fetch needs: the sealed URL and the validators of the last answer.
    package struct Source: Sendable {
        package var feedId: UUID
        package var couchId: UUID
        /// The couch's owner, whose feeds share the sync job fairly with other hosts'.
        package var ownerId: UUID
        package var sealedURL: Data
        package var etag: String?
        package var lastModified: String?
        /// The couch's: a timed event is the date it is there.
        package var timeZone: String
    }

    package enum Created: Sendable, Equatable {
        case created(UUID)
        /// The couch already imports the URL, as this feed.
        case duplicate(id: UUID, name: String)
        /// The couch imports as many feeds as it may.
        case full
    }

    /// A new feed unless the couch already imports its URL or holds `limit` feeds; adds to one
    /// couch are taken one at a time, so two at once cannot both pass the limit.
    package func create(
        couchId: UUID, name: String, sealedURL: Data, maskedURL: String, urlDigest: Data, limit: Int, at now: Date
    ) async throws -> Created {
        try await client.transaction(logger: logger) { connection in
            try await connection.execute("SELECT 1 FROM couches WHERE id = \(couchId) FOR UPDATE", logger: logger)
            let existing = try await connection.query(
                "SELECT id, name FROM calendar_feeds WHERE couch_id = \(couchId) AND url_digest = \(urlDigest)", logger: logger)
            for try await (id, name) in existing.decode((UUID, String).self) { return .duplicate(id: id, name: name) }
            let counted = try await connection.query("SELECT count(*)::int FROM calendar_feeds WHERE couch_id = \(couchId)", logger: logger)
            for try await count in counted.decode(Int.self) where count >= limit { return .full }
            let rows = try await connection.query(
                """
                INSERT INTO calendar_feeds (couch_id, name, url_sealed, url_masked, url_digest, created_at)
                VALUES (\(couchId), \(name), \(sealedURL), \(maskedURL), \(urlDigest), \(now)) RETURNING id
                """, logger: logger)
            for try await id in rows.decode(UUID.self) { return .created(id) }
            throw MissingRow("an INSERT … RETURNING")
        }
    }

    /// Feeds with their placed stays and blocks and their events in conflict (what migration
    /// 0039's channel_event_gaps finds missing, turnover days included): each event counted once.
    private static let feedSelect = """
        SELECT f.id, f.couch_id, f.name, f.url_masked, f.last_fetch_at, f.last_success_at, f.last_error, f.created_at,
               n.stays, n.blocks, n.conflicts
        FROM calendar_feeds f CROSS JOIN LATERAL (
            SELECT count(*) FILTER (WHERE e.kind = 'stay' AND e.placed)::int AS stays, count(*) FILTER (WHERE e.kind = 'block' AND e.placed)::int AS blocks,
                   count(*) FILTER (WHERE NOT e.placed)::int AS conflicts
            FROM (SELECT e.kind, isempty(g.missing) AS placed
                  FROM channel_events e CROSS JOIN LATERAL channel_event_gaps(e.couch_id, e.feed_id, e.uid, e.stay) g
                  -- A fence: pulled up, the sum would be worked out again for each count.
                  WHERE e.feed_id = f.id OFFSET 0) e) n
        """

    package func feeds(couchId: UUID) async throws -> [CalendarFeed] {
        try await client.prepared(FeedsOfCouch.self, id: couchId, logger: logger)
    }

    /// `feeds`'s statement, asked by a couch's settings page.
    private enum FeedsOfCouch: IdStatement {
        static let name = "feeds_of_couch"
        static let sql = "\(feedSelect) WHERE f.couch_id = $1 ORDER BY f.created_at, f.id"

        static func row(_ row: PostgresRow) throws -> CalendarFeed { try CalendarFeedRepository.feed(from: row) }
    }

    /// The feeds of an owner's couches whose last fetch failed, by name with the error: without
    /// the counts `feeds` works out, for a glance over every couch at once.
    package func failing(ownerId: UUID) async throws -> [(couchId: UUID, name: String, error: String)] {
        let rows = try await client.query(
            """
            SELECT f.couch_id, f.name, f.last_error FROM calendar_feeds f JOIN couches c ON c.id = f.couch_id
            WHERE c.owner_id = \(ownerId) AND f.last_error IS NOT NULL ORDER BY f.created_at, f.id
            """, logger: logger)
        var failing: [(couchId: UUID, name: String, error: String)] = []
        for try await (couchId, name, error) in rows.decode((UUID, String, String).self) { failing.append((couchId, name, error)) }
        return failing
    }

    package func feed(_ id: UUID, couchId: UUID) async throws -> CalendarFeed? {
        try await Self.feeds(
            from: client.query(
                """
                \(unescaped: Self.feedSelect) WHERE f.id = \(id) AND f.couch_id = \(couchId)
                """, logger: logger)
        ).first
    }

    private static func feeds(from rows: PostgresRowSequence) async throws -> [CalendarFeed] {
        var feeds: [CalendarFeed] = []
        for try await row in rows { feeds.append(try feed(from: row)) }
        return feeds
    }

    private static func feed(from row: PostgresRow) throws -> CalendarFeed {
        let (id, couchId, name, masked, fetchedAt, succeededAt, error, createdAt, stays, blocks, conflicts) = try row.decode(
            (UUID, UUID, String, String, Date?, Date?, String?, Date, Int, Int, Int).self)
        return CalendarFeed(
            id: id, couchId: couchId, name: name, maskedURL: masked, lastFetchAt: fetchedAt, lastSuccessAt: succeededAt,
            lastError: error, stays: stays, blocks: blocks, conflicts: conflicts, createdAt: createdAt)
    }

    /// Feeds due for the sync job (not backing off), least recently fetched first; or one, due or not.
    package func sources(feedId: UUID? = nil, dueAt now: Date? = nil) async throws -> [Source] {
        let rows = try await client.query(
            """
            SELECT f.id, f.couch_id, c.owner_id, f.url_sealed, f.etag, f.last_modified, c.time_zone
            FROM calendar_feeds f JOIN couches c ON c.id = f.couch_id
            WHERE (\(feedId)::uuid IS NULL OR f.id = \(feedId))
              AND (\(now)::timestamptz IS NULL OR f.retry_at IS NULL OR f.retry_at <= \(now))
            ORDER BY f.last_fetch_at NULLS FIRST, f.id
            """, logger: logger)
        var sources: [Source] = []
        for try await (id, couchId, ownerId, sealed, etag, lastModified, timeZone) in rows.decode(
            (UUID, UUID, UUID, Data, String?, String?, String).self)
        {
            sources.append(
                Source(
                    feedId: id, couchId: couchId, ownerId: ownerId, sealedURL: sealed, etag: etag, lastModified: lastModified, timeZone: timeZone))
        }
        return sources
    }

    package func delete(_ id: UUID, couchId: UUID) async throws -> Bool {
        // Fires, through the feed's events and their nights going with it: occupancies_freed.
        let rows = try await client.query("DELETE FROM calendar_feeds WHERE id = \(id) AND couch_id = \(couchId) RETURNING id", logger: logger)
        for try await _ in rows { return true }
        return false
    }

    /// A fetch that brought nothing usable: the last good events stay as they are. From the second
    /// failure in a row the job waits before the next try: 5 minutes, doubling, at most 4 hours.
    package func recordFailure(_ feedId: UUID, _ reason: String, at now: Date) async throws {
        // Fires: calendar_feeds_events (calendar.sync_failed, once per new reason).
        try await client.query(
            """
            UPDATE calendar_feeds SET last_fetch_at = \(now), last_error = \(String(reason.prefix(500))), failures = failures + 1,
                retry_at = CASE WHEN failures = 0 THEN NULL
                                ELSE \(now)::timestamptz + least(interval '5 minutes' * power(2, least(failures, 10) - 1), interval '4 hours') END
            WHERE id = \(feedId)
            """, logger: logger)
    }

    /// A 304: the feed is as it was; an event waiting for nights that came free takes them.
    package func recordUnchanged(_ feedId: UUID, at now: Date) async throws {
        try await client.transaction(logger: logger) { connection in
            try await Self.placeWaitingNights(couchOf: feedId, at: now, on: connection, logger: logger)
            try await connection.query(
                """
                UPDATE calendar_feeds SET last_fetch_at = \(now), last_success_at = \(now), last_error = NULL, failures = 0, retry_at = NULL
                WHERE id = \(feedId)
                """, logger: logger)
        }
    }

    /// Every imported event of the feed's couch takes the nights of its own that nobody holds
    /// (`place_channel_nights`); one racing a booking for them waits for its outcome, and the
    /// occupancy constraint decides.
    private static func placeWaitingNights(couchOf feedId: UUID, at now: Date, on connection: PostgresConnection, logger: Logger) async throws {
        _ = try await connection.waitingForOutcome(logger: logger) {
            let rows = try await connection.query(
                """
                SELECT place_channel_nights(couch_id, \(now)) FROM calendar_feeds WHERE id = \(feedId)
                """, logger: logger)
            for try await _ in rows {}
        }
    }

    package struct Changes: Sendable, Equatable {
        package var added = 0
        package var changed = 0
        package var removed = 0

        package var isEmpty: Bool { added == 0 && changed == 0 && removed == 0 }
    }

    /// Makes the feed's events what a good fetch said: events ahead that vanished go (their nights
    /// with them), past ones stay as history, new and changed ones are written, unchanged ones are not touched; then every
    /// event without nights yet takes them if they are free.
    package func apply(
        _ events: [FeedEvent], to feedId: UUID, couchId: UUID, etag: String?, lastModified: String?, at now: Date
    ) async throws -> Changes {
        try await client.transaction(logger: logger) { connection in
            var stored: [String: FeedEvent] = [:]
            let rows = try await connection.query(
                """
                SELECT uid, lower(stay), upper(stay), kind, summary, reservation_url, phone_last4, guests
                FROM channel_events WHERE feed_id = \(feedId)
                """, logger: logger)
            for try await (uid, checkIn, checkOut, kind, summary, url, phone, guests)
                in rows.decode((String, CalendarDate, CalendarDate, String, String?, String?, String?, Int?).self)
            {
                stored[uid] = FeedEvent(
                    uid: uid, stay: Stay(checkIn: checkIn, checkOut: checkOut), kind: FeedEvent.Kind(rawValue: kind) ?? .stay,
                    summary: summary, reservationURL: url, phoneLast4: phone, guests: guests)
            }
            var changes = Changes()
            let gone = Set(stored.keys).subtracting(events.map(\.uid))
            if !gone.isEmpty {
                // Channels drop past stays from their feeds after a while: one that vanished after its
                // check-out is history, kept; only one still ahead was cancelled.
                // Fires, through the events' nights going with them: occupancies_freed.
                let removed = try await connection.query(
                    """
                    DELETE FROM channel_events e USING couches c
                    WHERE c.id = e.couch_id AND e.feed_id = \(feedId) AND e.uid = ANY(\(Array(gone)))
                      AND upper(e.stay) > (\(now)::timestamptz AT TIME ZONE c.time_zone)::date
                    RETURNING e.uid
                    """, logger: logger)
                for try await _ in removed { changes.removed += 1 }
            }
            let written = events.filter { stored[$0.uid] != $0 }
            changes.changed = written.count { stored[$0.uid] != nil }
            changes.added = written.count - changes.changed
            if !written.isEmpty {
                try await Self.upsert(written, feedId: feedId, couchId: couchId, on: connection, logger: logger)
            }
            // After the new dates are written: a moved event keeps the nights it held that it still
            // covers, and those it lets go of are taken at once by whatever waits for them.
            let moved = written.filter { event in stored[event.uid].map { $0.stay != event.stay } ?? false }.map(\.uid)
            if !moved.isEmpty {
                try await connection.execute("SELECT keep_channel_nights(\(feedId), \(moved))", logger: logger)
            }
            try await Self.placeWaitingNights(couchOf: feedId, at: now, on: connection, logger: logger)
            if !written.isEmpty {
                // In this transaction, so the host hears of a conflict exactly when the sync that made it commits.
                try await connection.execute("SELECT emit_calendar_conflicts(\(feedId), \(written.map(\.uid)), \(now))", logger: logger)
            }
            try await connection.query(
                """
                UPDATE calendar_feeds SET etag = \(etag.map { String($0.prefix(500)) }), last_modified = \(lastModified.map { String($0.prefix(100)) }),
                    last_fetch_at = \(now), last_success_at = \(now), last_error = NULL, failures = 0, retry_at = NULL
                WHERE id = \(feedId)
                """, logger: logger)
            return changes
        }
    }

    /// An imported stay's columns, as `importedStay(from:)` decodes them, of the event `e` joined
    /// to its feed `f`, couch `c`, presence `p` and gaps `g`.
    private static let importedStayColumns = """
        e.id, e.couch_id, e.feed_id, f.name, e.uid, lower(e.stay), upper(e.stay), e.summary, e.reservation_url, e.phone_last4, e.guests,
        isempty(g.missing), e.created_at, p.checked_in_at, p.checked_out_at
        """
    private static let importedStayTables = """
        channel_events e JOIN calendar_feeds f ON f.id = e.feed_id JOIN couches c ON c.id = e.couch_id
        LEFT JOIN stay_presence p ON p.stay_id = e.id
        CROSS JOIN LATERAL channel_event_gaps(e.couch_id, e.feed_id, e.uid, e.stay) g
        """

    /// A couch's imported stays (blocks are not stays), with or without their nights, filtered
    /// like its reservations: `confirmed` keeps those holding nights; `cancelled` has none, since
    /// a stay the channel cancelled leaves its feed.
    package func importedStays(ofCouch couchId: UUID, _ filter: ReservationFilter, now: Date) async throws -> [ImportedStay] {
        try await importedStays(Listing<OfCouch>(id: couchId, filter: filter, now: now), filter)
    }

    /// The same of every couch of the owner's.
    package func importedStays(ofOwner ownerId: UUID, _ filter: ReservationFilter, now: Date) async throws -> [ImportedStay] {
        try await importedStays(Listing<OfOwner>(id: ownerId, filter: filter, now: now), filter)
    }

    private func importedStays<Scope: ListingScope>(_ listing: Listing<Scope>, _ filter: ReservationFilter) async throws -> [ImportedStay] {
        if let status = filter.status, status != .confirmed { return [] }
        let placedOnly = filter.status == .confirmed
        return try await client.prepared(listing, logger: logger).filter { $0.placed || !placedOnly }
    }

    /// Whose imported stays a listing is of; prepared for each, the filter's parts as optional
    /// binds, as reservations are listed.
    private protocol ListingScope {
        static var name: String { get }
        static var sql: String { get }
    }

    /// The listing where `condition` (over `e` and `c`, with `$1`) holds. `$2` upcoming, `$3` the
    /// moment, `$4`/`$5` the window.
    private static func listing(where condition: String) -> String {
        """
        SELECT \(importedStayColumns) FROM \(importedStayTables)
        WHERE \(condition) AND e.kind = 'stay'
          AND ($2::boolean IS NULL OR (upper(stay_window(e.stay, c.check_in_time, c.check_out_time, c.time_zone)) > $3) = $2)
          AND ($4::date IS NULL OR e.stay && daterange($4::date, $5::date))
        """
    }

    private enum OfCouch: ListingScope {
        static let name = "imported_stays_of_couch"
        static let sql = listing(where: "e.couch_id = $1")
    }

    private enum OfOwner: ListingScope {
        static let name = "imported_stays_of_owner"
        static let sql = listing(where: "c.owner_id = $1")
    }

    private struct Listing<Scope: ListingScope>: PostgresPreparedStatement {
        static var name: String { Scope.name }
        static var sql: String { Scope.sql }
        static var bindingDataTypes: [PostgresDataType] { [.uuid, .bool, .timestamptz, .date, .date] }

        var id: UUID
        var filter: ReservationFilter
        var now: Date

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(id)
            try bindings.append(filter.when.map { $0 == .upcoming })
            bindings.append(now)
            try bindings.append(filter.overlapping?.checkIn)
            try bindings.append(filter.overlapping?.checkOut)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> ImportedStay { try CalendarFeedRepository.importedStay(from: row) }
    }

    /// Each of an owner's couches' first imported stay in place to check in on `from` or later.
    /// One row a couch at most, however far ahead it is.
    package func nextPlacedStays(ownerId: UUID, from: CalendarDate) async throws -> [ImportedStay] {
        try await client.prepared(NextPlacedStays(from: from, ownerId: ownerId), logger: logger)
    }

    /// `nextPlacedStays`' statement, asked by every console Today page: planning the gaps cost
    /// more than finding them.
    private struct NextPlacedStays: PostgresPreparedStatement {
        static let name = "next_placed_imports"
        static let sql = """
            SELECT \(importedStayColumns) FROM \(importedStayTables)
            WHERE e.id IN (
                SELECT n.id FROM couches o CROSS JOIN LATERAL (
                    SELECT x.id FROM channel_events x CROSS JOIN LATERAL channel_event_gaps(x.couch_id, x.feed_id, x.uid, x.stay) xg
                    WHERE x.couch_id = o.id AND x.kind = 'stay' AND isempty(xg.missing)
                      AND lower(x.stay) >= $1
                    ORDER BY lower(x.stay) LIMIT 1) n
                WHERE o.owner_id = $2)
            """
        static let bindingDataTypes: [PostgresDataType] = [.date, .uuid]

        var from: CalendarDate
        var ownerId: UUID

        func makeBindings() -> PostgresBindings { PostgresBindings(from, ownerId) }

        func decodeRow(_ row: PostgresRow) throws -> ImportedStay { try CalendarFeedRepository.importedStay(from: row) }
    }

    private static func importedStay(from row: PostgresRow) throws -> ImportedStay {
        let (id, couchId, feedId, feedName, uid, checkIn, checkOut, summary, url, phone, guests, placed, createdAt, checkedInAt, checkedOutAt) =
            try row.decode(
                (UUID, UUID, UUID, String, String, CalendarDate, CalendarDate, String?, String?, String?, Int?, Bool, Date, Date?, Date?).self)
        let event = FeedEvent(
            uid: uid, stay: Stay(checkIn: checkIn, checkOut: checkOut), kind: .stay, summary: summary, reservationURL: url, phoneLast4: phone,
            guests: guests)
        return ImportedStay(
            id: id, couchId: couchId, feedId: feedId, feedName: feedName, event: event, placed: placed, createdAt: createdAt,
            presence: StayPresence(checkedInAt: checkedInAt, checkedOutAt: checkedOutAt))
    }

    /// Writes new and changed events in one statement: a first sync of a long feed is one round
    /// trip, not one per event. Absent texts travel as empty strings and absent counts as 0.
    private static func upsert(_ events: [FeedEvent], feedId: UUID, couchId: UUID, on connection: PostgresConnection, logger: Logger) async throws {
        // Fires: channel_events_revision (SEQUENCE and DTSTAMP) when an event's dates or kind change.
        try await connection.query(
            """
            INSERT INTO channel_events (feed_id, uid, couch_id, stay, kind, summary, reservation_url, phone_last4, guests)
            SELECT \(feedId), e.uid, \(couchId), daterange(e.check_in::date, e.check_out::date, '[)'), e.kind,
                   nullif(e.summary, ''), nullif(e.url, ''), nullif(e.phone, ''), nullif(e.guests, 0)
            FROM unnest(\(events.map(\.uid)), \(events.map(\.stay.checkIn.description)), \(events.map(\.stay.checkOut.description)),
                        \(events.map(\.kind.rawValue)), \(events.map { $0.summary ?? "" }), \(events.map { $0.reservationURL ?? "" }),
                        \(events.map { $0.phoneLast4 ?? "" }), \(events.map { $0.guests ?? 0 }))
                 AS e(uid, check_in, check_out, kind, summary, url, phone, guests)
            ON CONFLICT (feed_id, uid) DO UPDATE SET stay = EXCLUDED.stay, kind = EXCLUDED.kind, summary = EXCLUDED.summary,
                reservation_url = EXCLUDED.reservation_url, phone_last4 = EXCLUDED.phone_last4, guests = EXCLUDED.guests
            """, logger: logger)
    }

    /// How many imported events of each of an owner's couches are in conflict among the days from
    /// `daysBehind` before today to `daysAhead` after it, today as it is at each couch.
    package func conflictCounts(ownerId: UUID, now: Date, daysBehind: Int, daysAhead: Int) async throws -> [UUID: Int] {
        let counts = try await client.prepared(
            ConflictCounts(ownerId: ownerId, now: now, daysBehind: daysBehind, daysAhead: daysAhead), logger: logger)
        return Dictionary(counts, uniquingKeysWith: +)
    }

    /// `conflictCounts`' statement, asked by every console Today page. Each couch's days are
    /// worked out once, before its events are joined: pulled up into the join, the time zone was
    /// read again for every event of every couch.
    private struct ConflictCounts: PostgresPreparedStatement {
        static let name = "conflict_counts_of_owner"
        static let sql = """
            SELECT e.couch_id, count(*)::int
            FROM (SELECT c.id, daterange(($2 AT TIME ZONE c.time_zone)::date - $3::int, ($2 AT TIME ZONE c.time_zone)::date + $4::int) AS days
                  FROM couches c WHERE c.owner_id = $1
                  OFFSET 0) c
                 JOIN channel_events e ON e.couch_id = c.id AND e.stay && c.days
                 CROSS JOIN LATERAL channel_event_gaps(e.couch_id, e.feed_id, e.uid, e.stay) g
            WHERE NOT isempty(g.missing)
            GROUP BY 1
            """
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .timestamptz, .int8, .int8]

        var ownerId: UUID
        var now: Date
        var daysBehind: Int
        var daysAhead: Int

        func makeBindings() -> PostgresBindings { PostgresBindings(ownerId, now, daysBehind, daysAhead) }

        func decodeRow(_ row: PostgresRow) throws -> (UUID, Int) { try row.decode((UUID, Int).self) }
    }

    /// Imported events of a couch that do not hold all their nights, or the turnover after them:
    /// the nights of theirs and the turnover nights they lack, and what holds the first of those.
    /// With `overlapping`, only events with a night in it: working out a conflict costs, and a
    /// calendar's month or the days ahead need only theirs.
    package func conflicts(couchId: UUID, overlapping window: Stay? = nil) async throws -> [ChannelConflict] {
        try await client.prepared(ConflictsOfCouch(couchId: couchId, window: window), logger: logger)
    }

    /// `conflicts`' statement, asked by every month of a calendar: planning it cost 2 ms.
    private struct ConflictsOfCouch: PostgresPreparedStatement {
        static let name = "conflicts_of_couch"
        static let sql = """
            SELECT e.feed_id, f.name, e.uid, lower(e.stay), upper(e.stay), e.kind, e.summary,
                   ARRAY(SELECT lower(run)::text || ' ' || upper(run)::text FROM unnest(e.missing * datemultirange(e.stay)) run ORDER BY 1),
                   ARRAY(SELECT lower(run)::text || ' ' || upper(run)::text FROM unnest(e.missing - datemultirange(e.stay)) run ORDER BY 1),
                   other.id, lower(other.stay), upper(other.stay), other.source, other.created_at
            FROM (SELECT e.*, g.missing
                  FROM channel_events e CROSS JOIN LATERAL channel_event_gaps(e.couch_id, e.feed_id, e.uid, e.stay) g
                  WHERE e.couch_id = $1
                    AND ($2::date IS NULL OR e.stay && daterange($2::date, $3::date))
                  -- A fence: pulled up, the sum would be worked out again wherever `missing` is read.
                  OFFSET 0) e
            JOIN calendar_feeds f ON f.id = e.feed_id
            LEFT JOIN LATERAL (
                SELECT coalesce(o.reservation_id, oe.id, o.id) AS id, o.stay, o.source, o.created_at
                FROM occupancies o LEFT JOIN channel_events oe ON oe.feed_id = o.feed_id AND oe.uid = o.feed_uid
                WHERE o.couch_id = e.couch_id AND datemultirange(o.stay) && e.missing
                  AND (o.feed_id, o.feed_uid) IS DISTINCT FROM (e.feed_id, e.uid)
                ORDER BY lower(o.stay) LIMIT 1
            ) other ON true
            WHERE NOT isempty(e.missing)
            ORDER BY lower(e.stay), e.uid
            """
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .date, .date]

        var couchId: UUID
        var window: Stay?

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(couchId)
            try bindings.append(window?.checkIn)
            try bindings.append(window?.checkOut)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> ChannelConflict {
            let (
                feedId, feedName, uid, checkIn, checkOut, kind, summary, ownNights, turnoverNights, otherId, otherIn, otherOut, otherSource,
                otherSince
            ) = try row.decode(
                (
                    UUID, String, String, CalendarDate, CalendarDate, String, String?, [String], [String],
                    UUID?, CalendarDate?, CalendarDate?, String?, Date?
                ).self)
            var other: Occupancy?
            if let otherId, let otherIn, let otherOut, let source = otherSource.flatMap(Occupancy.Source.init), let otherSince {
                other = Occupancy(id: otherId, stay: Stay(checkIn: otherIn, checkOut: otherOut), source: source, since: otherSince)
            }
            return ChannelConflict(
                feedId: feedId, feedName: feedName,
                event: FeedEvent(
                    uid: uid, stay: Stay(checkIn: checkIn, checkOut: checkOut), kind: FeedEvent.Kind(rawValue: kind) ?? .stay, summary: summary),
                nights: try ownNights.map(CalendarFeedRepository.run), turnoverNights: try turnoverNights.map(CalendarFeedRepository.run),
                other: other)
        }
    }

    /// A run of nights as the conflicts query spells it: "first-night check-out".
    private static func run(_ text: String) throws -> Stay {
        let dates = text.split(separator: " ").compactMap { CalendarDate(String($0)) }
        guard dates.count == 2 else { throw UnreadableRun(text: text) }
        return Stay(checkIn: dates[0], checkOut: dates[1])
    }

    struct UnreadableRun: Error {
        var text: String
    }
}
