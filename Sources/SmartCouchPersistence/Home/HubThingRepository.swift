import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// Which couch each Thing serves (`hub_things`): the operator's assignments on the shared hub.
package struct HubThingRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    package enum Change: Sendable, Equatable {
        case done(ThingAssignment)
        /// Devices of the couch it served still use the Thing.
        case inUse
        case couchGone
    }

    /// Gives a shared-hub Thing to a couch, taking it from the couch it served if that one has no
    /// devices on it.
    package func assign(_ thingUID: String, to couchId: UUID, by operatorId: UUID, at now: Date) async throws -> Change {
        do {
            let rows = try await client.query(
                """
                INSERT INTO hub_things (hub_key, thing_uid, couch_id, assigned_by, assigned_at)
                VALUES (\(HubScope.shared.key), \(thingUID), \(couchId), \(operatorId), \(now))
                ON CONFLICT (hub_key, thing_uid)
                DO UPDATE SET couch_id = EXCLUDED.couch_id, assigned_by = EXCLUDED.assigned_by, assigned_at = EXCLUDED.assigned_at
                RETURNING thing_uid, couch_id, assigned_at
                """, logger: logger)
            for try await (uid, couch, at) in rows.decode((String, UUID, Date).self) {
                return .done(ThingAssignment(thingUID: uid, couchId: couch, assignedAt: at))
            }
            throw MissingRow("an INSERT … RETURNING")
        } catch let error as PSQLError where error.isForeignKeyViolation {
            return error.constraintName == "devices_thing_on_one_couch" ? .inUse : .couchGone
        }
    }

    /// False when the Thing had no couch.
    package func unassign(_ thingUID: String) async throws -> Change? {
        do {
            let rows = try await client.query(
                """
                DELETE FROM hub_things WHERE hub_key = \(HubScope.shared.key) AND thing_uid = \(thingUID)
                RETURNING thing_uid, couch_id, assigned_at
                """, logger: logger)
            for try await (uid, couch, at) in rows.decode((String, UUID, Date).self) {
                return .done(ThingAssignment(thingUID: uid, couchId: couch, assignedAt: at))
            }
            return nil
        } catch let error as PSQLError where error.isForeignKeyViolation {
            return .inUse
        }
    }

    package func assignments() async throws -> [ThingAssignment] {
        let rows = try await client.query(
            """
            SELECT thing_uid, couch_id, assigned_at FROM hub_things WHERE hub_key = \(HubScope.shared.key) ORDER BY thing_uid
            """, logger: logger)
        var assignments: [ThingAssignment] = []
        for try await (uid, couch, at) in rows.decode((String, UUID, Date).self) {
            assignments.append(ThingAssignment(thingUID: uid, couchId: couch, assignedAt: at))
        }
        return assignments
    }

    /// The shared hub's Things that serve this couch.
    package func things(servingCouch couchId: UUID) async throws -> Set<String> {
        let rows = try await client.query(
            """
            SELECT thing_uid FROM hub_things WHERE hub_key = \(HubScope.shared.key) AND couch_id = \(couchId)
            """, logger: logger)
        var uids: Set<String> = []
        for try await uid in rows.decode(String.self) { uids.insert(uid) }
        return uids
    }
}
