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

    /// User $1's relation at $3 to the couch whose id is `couch`.
    private static func relationSQL(couch: String) -> String {
        "SELECT \(relationColumns(user: "$1", moment: "$3")) FROM couches c WHERE c.id = \(couch)"
    }

    /// The relation's columns, over the couch `c`, of the user `user` at `moment` (parameters):
    /// for a statement that reads it along with other rows of the couch.
    package static func relationColumns(user: String, moment: String) -> String {
        """
        c.owner_id = \(user) AS relation_owner,
            EXISTS (SELECT 1 FROM reservations r WHERE r.couch_id = c.id AND r.guest_id = \(user) AND r.status = 'confirmed'
                    AND stay_window(r.stay, c.check_in_time, c.check_out_time, c.time_zone) @> \(moment)
                    AND NOT EXISTS (SELECT 1 FROM stay_presence p WHERE p.stay_id = r.id AND p.checked_out_at IS NOT NULL)) AS relation_staying,
            EXISTS (SELECT 1 FROM access_grants g WHERE g.couch_id = c.id AND g.user_id = \(user) AND g.revoked_at IS NULL
                    AND \(moment) >= g.starts_at AND \(moment) < g.ends_at) AS relation_grant,
            EXISTS (SELECT 1 FROM reservations r WHERE r.couch_id = c.id AND r.guest_id = \(user) AND r.status = 'confirmed') AS relation_stay
        """
    }
}

extension HomeAccessRepository.Relation {
    /// From a row with `HomeAccessRepository.relationColumns`.
    package init(_ row: PostgresRow) throws {
        let cells = PostgresRandomAccessRow(row)
        let isStaying = try cells.column("relation_staying").decode(Bool.self)
        self.init(
            isOwner: try cells.column("relation_owner").decode(Bool.self), isStaying: isStaying,
            hasGrant: try cells.column("relation_grant").decode(Bool.self),
            hasStayOutsideWindow: try cells.column("relation_stay").decode(Bool.self) && !isStaying)
    }
}
