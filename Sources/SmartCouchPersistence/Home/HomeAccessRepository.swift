import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// What relates a user to a couch's devices at a given moment.
package struct HomeAccessRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    package struct Relation: Sendable, Equatable {
        package var isOwner: Bool
        /// A confirmed stay whose window (check-in date and time to check-out date and time, in
        /// the couch's time zone) contains the moment, and that was not checked out early.
        package var isStaying: Bool
        package var hasGrant: Bool
        /// A confirmed stay that has not begun yet or is over: for a clearer refusal.
        package var hasStayOutsideWindow: Bool

        package init(isOwner: Bool, isStaying: Bool, hasGrant: Bool, hasStayOutsideWindow: Bool) {
            self.isOwner = isOwner
            self.isStaying = isStaying
            self.hasGrant = hasGrant
            self.hasStayOutsideWindow = hasStayOutsideWindow
        }
    }

    /// Nil when the couch does not exist.
    package func relation(of userId: UUID, to couchId: UUID, at moment: Date) async throws -> Relation? {
        try await client.prepared(CouchRelation(userId: userId, couchId: couchId, moment: moment), logger: logger).first
    }

    /// The same for the couch of the device with the item `itemId`: asked while the device itself
    /// is read, rather than after it.
    package func relation(of userId: UUID, toCouchOfItem itemId: UUID, at moment: Date) async throws -> Relation? {
        try await client.prepared(ItemCouchRelation(userId: userId, itemId: itemId, moment: moment), logger: logger).first
    }

    /// `relation`'s statement, asked before anything is done with a couch's home.
    private struct CouchRelation: PostgresPreparedStatement {
        static let name = "couch_relation"
        static let sql = relationSQL(couch: "$2")
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid, .timestamptz]

        var userId: UUID
        var couchId: UUID
        var moment: Date

        func makeBindings() -> PostgresBindings { PostgresBindings(userId, couchId, moment) }
        func decodeRow(_ row: PostgresRow) throws -> Relation { try Relation(row) }
    }

    private struct ItemCouchRelation: PostgresPreparedStatement {
        static let name = "item_couch_relation"
        static let sql = relationSQL(couch: "(SELECT d.couch_id FROM device_items i JOIN devices d ON d.id = i.device_id WHERE i.id = $2)")
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid, .timestamptz]

        var userId: UUID
        var itemId: UUID
        var moment: Date

        func makeBindings() -> PostgresBindings { PostgresBindings(userId, itemId, moment) }
        func decodeRow(_ row: PostgresRow) throws -> Relation { try Relation(row) }
    }

    /// User $1's relation at $3 to the couch whose id is `couch`.
    private static func relationSQL(couch: String) -> String {
        """
        SELECT c.owner_id = $1,
            EXISTS (SELECT 1 FROM reservations r WHERE r.couch_id = c.id AND r.guest_id = $1 AND r.status = 'confirmed'
                    AND stay_window(r.stay, c.check_in_time, c.check_out_time, c.time_zone) @> $3
                    AND NOT EXISTS (SELECT 1 FROM stay_presence p WHERE p.stay_id = r.id AND p.checked_out_at IS NOT NULL)),
            EXISTS (SELECT 1 FROM access_grants g WHERE g.couch_id = c.id AND g.user_id = $1 AND g.revoked_at IS NULL
                    AND $3 >= g.starts_at AND $3 < g.ends_at),
            EXISTS (SELECT 1 FROM reservations r WHERE r.couch_id = c.id AND r.guest_id = $1 AND r.status = 'confirmed')
        FROM couches c WHERE c.id = \(couch)
        """
    }
}

extension HomeAccessRepository.Relation {
    fileprivate init(_ row: PostgresRow) throws {
        let (isOwner, isStaying, hasGrant, hasStay) = try row.decode((Bool, Bool, Bool, Bool).self)
        self.init(isOwner: isOwner, isStaying: isStaying, hasGrant: hasGrant, hasStayOutsideWindow: hasStay && !isStaying)
    }
}
