import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// Dates a host takes off the market: they block bookings here as a booking does.
package struct BlockService: Sendable {
    let occupancies: OccupancyRepository
    let couches: CouchService
    let now: @Sendable () -> Date

    package init(occupancies: OccupancyRepository, couches: CouchService, now: @escaping @Sendable () -> Date) {
        self.occupancies = occupancies
        self.couches = couches
        self.now = now
    }

    package func block(couchId: UUID, from: String, to: String, reason: String?, by principal: Principal) async throws -> Block {
        let couch = try await couches.owned(couchId, by: principal)
        var validation = Validation()
        let start = CalendarDate(from)
        let end = CalendarDate(to)
        validation.check(start != nil, "from", "must be a date YYYY-MM-DD")
        validation.check(end != nil, "to", "must be a date YYYY-MM-DD")
        if let start, let end {
            validation.check(end > start, "to", "must be after from (the day the couch is free again)")
            validation.check(end.days(since: start) <= Block.maxNights, "to", "a block is at most \(Block.maxNights) nights")
            let today = CalendarDate.today(atCouchIn: couch.details.timeZone, now: now())
            validation.check(end > today, "to", "must not be in the past (it is \(today) at the couch)")
        }
        let reason = reason?.trimmingCharacters(in: .whitespaces)
        if let reason {
            validation.checkLength(reason, "reason", in: 0...Block.maxReasonLength)
            validation.checkOneLine(reason, "reason")
        }
        try validation.finish()
        guard let start, let end else { preconditionFailure("validation admits only real dates") }
        switch try await occupancies.block(
            couchId: couchId, Stay(checkIn: start, checkOut: end), reason: reason?.isEmpty == true ? nil : reason,
            by: principal.userId, at: now())
        {
        case .blocked(let block): return block
        case .overlaps: throw AppError.conflict("some of these nights are taken already, by a booking or another block")
        }
    }

    package func blocks(couchId: UUID, after cursor: PageCursor?, limit: Int, by principal: Principal) async throws -> Page<Block> {
        _ = try await couches.owned(couchId, by: principal)
        let cursor = try cursor.map { cursor in
            guard cursor.order == OccupancyRepository.blockOrder, CalendarDate(cursor.key) != nil else {
                throw AppError.badRequest("the cursor belongs to another list")
            }
            return cursor
        }
        return try await occupancies.blocks(couchId: couchId, after: cursor, limit: limit)
    }

    package func unblock(_ blockId: UUID, couchId: UUID, by principal: Principal) async throws {
        _ = try await couches.owned(couchId, by: principal)
        guard try await occupancies.unblock(blockId, couchId: couchId) else {
            throw AppError.notFound("the couch has no block with id \(blockId)")
        }
    }
}
