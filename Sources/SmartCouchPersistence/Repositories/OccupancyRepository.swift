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
    /// `from` when `to` is nil; earliest first. Without those imported from `excludedFeed`. An
    /// imported event's runs of nights are joined where they meet, so an event that holds all its
    /// nights is one occupancy however they were taken.
    package func occupied(couchId: UUID, from: CalendarDate, to: CalendarDate?, excludingFeed excludedFeed: UUID? = nil) async throws -> [Occupancy] {
        let rows = try await client.query("""
            SELECT coalesce(o.reservation_id, o.id) AS id, lower(o.stay) AS check_in, upper(o.stay), o.source, o.created_at,
                   o.source = 'booking', true
            FROM occupancies o
            WHERE o.couch_id = \(couchId) AND o.feed_id IS NULL AND o.stay && daterange(\(from), \(to), '[)')
            UNION ALL
            SELECT e.id, lower(run), upper(run), 'import', e.created_at, e.kind = 'stay', run = e.stay
            FROM channel_events e CROSS JOIN LATERAL unnest(channel_event_held(e.feed_id, e.uid)) run
            WHERE e.couch_id = \(couchId) AND run && daterange(\(from), \(to), '[)')
              AND (\(excludedFeed)::uuid IS NULL OR e.feed_id <> \(excludedFeed))
            ORDER BY check_in, id
            """, logger: logger)
        var occupancies: [Occupancy] = []
        for try await (id, checkIn, checkOut, source, createdAt, isStay, isWhole)
            in rows.decode((UUID, CalendarDate, CalendarDate, String, Date, Bool, Bool).self) {
            guard let source = Occupancy.Source(rawValue: source) else {
                preconditionFailure("the schema admits only bookings, blocks and imports, not \(source)")
            }
            occupancies.append(Occupancy(
                id: id, stay: Stay(checkIn: checkIn, checkOut: checkOut), source: source, since: createdAt, isStay: isStay, isWhole: isWhole))
        }
        return occupancies
    }

    package enum BlockOutcome: Sendable, Equatable {
        case blocked(Block)
        /// Some of the nights are taken already.
        case overlaps
    }

    /// Like a booking, a block racing a booking for the same nights waits for its outcome.
    package func block(couchId: UUID, _ stay: Stay, reason: String?, by userId: UUID, at now: Date) async throws -> BlockOutcome {
        do {
            let id = try await retryingDeadlocks { try await client.transaction(logger: logger) { connection in
                try await connection.waitingForOutcome(logger: logger) { () async throws -> UUID in
                    let rows = try await connection.query("""
                        INSERT INTO occupancies (couch_id, stay, source, reason, created_by, created_at)
                        VALUES (\(couchId), daterange(\(stay.checkIn), \(stay.checkOut), '[)'), 'block', \(reason), \(userId), \(now))
                        RETURNING id
                        """, logger: logger)
                    for try await id in rows.decode(UUID.self) { return id }
                    preconditionFailure("INSERT … RETURNING yields a row")
                }
            } }
            return .blocked(Block(id: id, couchId: couchId, stay: stay, reason: reason, createdAt: now))
        } catch let error as PSQLError where error.isExclusionViolation {
            return .overlaps
        }
    }

    /// Cursors of block pages: the first night, and the block's id.
    package static let blockOrder = "blocks"

    /// A couch's blocks by their first night, after the cursor (one of this ordering's).
    package func blocks(couchId: UUID, after cursor: PageCursor?, limit: Int) async throws -> Page<Block> {
        let rows = try await client.query("""
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
        let rows = try await client.query("""
            DELETE FROM occupancies WHERE id = \(blockId) AND couch_id = \(couchId) AND source = 'block' RETURNING id
            """, logger: logger)
        for try await _ in rows { return true }
        return false
    }
}
