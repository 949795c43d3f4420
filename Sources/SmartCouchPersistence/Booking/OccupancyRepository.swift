import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// The nights each couch is taken (`occupancies`: bookings, through a trigger on reservations,
/// and the host's blocks), and the blocks themselves.
package struct OccupancyRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// Occupancies of a couch that overlap `from ..< to` (whole, not clipped), or that end after
    /// `from` when `to` is nil; earliest first: the nights taken. An imported event's runs of
    /// nights are joined where they meet, so an event that holds all its nights is one occupancy
    /// however they were taken.
    package func occupied(couchId: UUID, from: CalendarDate, to: CalendarDate?) async throws -> [Occupancy] {
        try await client.prepared(OccupiedNights(couchId: couchId, from: from, to: to), logger: logger)
    }

    /// `occupied`'s statement, asked by every month of a calendar and every couch's availability.
    /// An event holds only nights of its own dates, so events outside the days asked are not
    /// asked what they hold: that was most of a month's cost, for every event the couch ever had.
    private struct OccupiedNights: PostgresPreparedStatement {
        static let name = "occupied_nights"
        static let sql = """
            SELECT coalesce(o.reservation_id, o.id) AS id, lower(o.stay) AS check_in, upper(o.stay), o.source, o.created_at
            FROM occupancies o
            WHERE o.couch_id = $1 AND o.feed_id IS NULL AND o.stay && daterange($2, $3, '[)')
            UNION ALL
            SELECT e.id, lower(run), upper(run), 'import', e.created_at
            FROM channel_events e CROSS JOIN LATERAL unnest(channel_event_held(e.feed_id, e.uid)) run
            WHERE e.couch_id = $1 AND e.stay && daterange($2, $3, '[)') AND run && daterange($2, $3, '[)')
            ORDER BY check_in, id
            """
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .date, .date]

        var couchId: UUID
        var from: CalendarDate
        var to: CalendarDate?

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(couchId, from)
            try bindings.append(to)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Occupancy {
            let (id, checkIn, checkOut, source, createdAt) = try row.decode((UUID, CalendarDate, CalendarDate, String, Date).self)
            guard let source = Occupancy.Source(rawValue: source) else { throw UnknownStoredValue("an occupancy source", source) }
            return Occupancy(id: id, stay: Stay(checkIn: checkIn, checkOut: checkOut), source: source, since: createdAt)
        }
    }

    /// The couch's calendar as other booking platforms import it: its occupancies that end after
    /// `from`, earliest first, without those imported from `excludedFeed` and the turnovers after
    /// them. An imported event is one event with its channel's dates, whichever of its nights it
    /// holds (something else holds the others), so it keeps one name for its life; a turnover is
    /// named by what it follows. Each comes with its revision (migration 0035).
    package func calendar(couchId: UUID, from: CalendarDate, excludingFeed excludedFeed: UUID?) async throws -> [CalendarEvent] {
        let rows = try await client.query(
            """
            SELECT coalesce(o.reservation_id, pe.id, p.reservation_id, p.id, o.id) AS occupant, o.source = 'turnover', lower(o.stay) AS check_in,
                   upper(o.stay), o.source = 'booking', coalesce(v.sequence, 0), coalesce(v.revised_at, o.created_at)
            FROM occupancies o
            LEFT JOIN occupancies p ON p.id = o.after_id
            LEFT JOIN channel_events pe ON pe.feed_id = p.feed_id AND pe.uid = p.feed_uid
            LEFT JOIN calendar_revisions v
                   ON v.occupant = coalesce(o.reservation_id, pe.id, p.reservation_id, p.id, o.id) AND v.turnover = (o.source = 'turnover')
            WHERE o.couch_id = \(couchId) AND o.feed_id IS NULL AND upper(o.stay) > \(from)
              AND (\(excludedFeed)::uuid IS NULL OR pe.feed_id IS DISTINCT FROM \(excludedFeed))
            UNION ALL
            SELECT e.id, false, lower(e.stay), upper(e.stay), e.kind = 'stay', coalesce(v.sequence, 0), coalesce(v.revised_at, e.created_at)
            FROM channel_events e LEFT JOIN calendar_revisions v ON v.occupant = e.id AND NOT v.turnover
            WHERE e.couch_id = \(couchId) AND upper(e.stay) > \(from) AND (\(excludedFeed)::uuid IS NULL OR e.feed_id <> \(excludedFeed))
            ORDER BY check_in, occupant
            """, logger: logger)
        var events: [CalendarEvent] = []
        for try await (occupant, isTurnover, checkIn, checkOut, isStay, sequence, revisedAt)
            in rows.decode((UUID, Bool, CalendarDate, CalendarDate, Bool, Int, Date).self)
        {
            events.append(
                CalendarEvent(
                    occupant: occupant, isTurnover: isTurnover, stay: Stay(checkIn: checkIn, checkOut: checkOut), isStay: isStay,
                    sequence: sequence, revisedAt: revisedAt))
        }
        return events
    }

    package enum BlockOutcome: Sendable, Equatable {
        case blocked(Block)
        /// Some of the nights are taken already.
        case overlaps
    }

    /// Like a booking, a block racing a booking for the same nights waits for its outcome.
    package func block(couchId: UUID, _ stay: Stay, reason: String?, by userId: UUID, at now: Date) async throws -> BlockOutcome {
        do {
            let id = try await retryingDeadlocks {
                try await client.transaction(logger: logger) { connection in
                    try await connection.waitingForOutcome(logger: logger) { () async throws -> UUID in
                        // Fires: occupancies_turnover (turnover nights around the block) and occupancies_turnover_revision.
                        let rows = try await connection.query(
                            """
                            INSERT INTO occupancies (couch_id, stay, source, reason, created_by, created_at)
                            VALUES (\(couchId), daterange(\(stay.checkIn), \(stay.checkOut), '[)'), 'block', \(reason), \(userId), \(now))
                            RETURNING id
                            """, logger: logger)
                        for try await id in rows.decode(UUID.self) { return id }
                        throw MissingRow("an INSERT … RETURNING")
                    }
                }
            }
            return .blocked(Block(id: id, couchId: couchId, stay: stay, reason: reason, createdAt: now))
        } catch let error as PSQLError where error.isExclusionViolation {
            return .overlaps
        }
    }

    /// Cursors of block pages: the first night, and the block's id.
    package static let blockOrder = "blocks"

    /// A couch's blocks by their first night, after the cursor (one of this ordering's).
    package func blocks(couchId: UUID, after cursor: PageCursor?, limit: Int) async throws -> Page<Block> {
        let rows = try await client.query(
            """
            SELECT id, lower(stay), upper(stay), reason, created_at FROM occupancies
            WHERE couch_id = \(couchId) AND source = 'block'
              AND (\(cursor?.key)::date IS NULL OR (lower(stay), id) > (\(cursor?.key)::date, \(cursor?.id)))
            ORDER BY lower(stay), id
            LIMIT \(limit + 1)
            """, logger: logger)
        var blocks: [Block] = []
        for try await (id, checkIn, checkOut, reason, createdAt) in rows.decode((UUID, CalendarDate, CalendarDate, String?, Date).self) {
            blocks.append(Block(id: id, couchId: couchId, stay: Stay(checkIn: checkIn, checkOut: checkOut), reason: reason, createdAt: createdAt))
        }
        return Page(fetched: blocks, limit: limit) { PageCursor(order: Self.blockOrder, key: $0.stay.checkIn.description, id: $0.id) }
    }

    /// False when the couch has no such block.
    package func unblock(_ blockId: UUID, couchId: UUID) async throws -> Bool {
        // Fires: occupancies_freed (channel events waiting for these nights take them).
        let rows = try await client.query(
            """
            DELETE FROM occupancies WHERE id = \(blockId) AND couch_id = \(couchId) AND source = 'block' RETURNING id
            """, logger: logger)
        for try await _ in rows { return true }
        return false
    }
}
