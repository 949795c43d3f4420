import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

package struct HubRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    package func find(couchId: UUID) async throws -> HubRecord? {
        try await client.prepared(HubOfCouch.self, id: couchId, logger: logger).first
    }

    /// `find`'s statement: a couch's hub for its devices' pages, door codes, provisioning and cleanups
    /// (a command reads it with the device, `DeviceRepository.owning`).
    private enum HubOfCouch: IdStatement {
        static let name = "hub_of_couch"
        static let sql = "SELECT base_url, token_ciphertext FROM hubs WHERE couch_id = $1"

        static func row(_ row: PostgresRow) throws -> HubRecord {
            let (baseURL, token) = try row.decode((String, ByteBuffer).self)
            return HubRecord(baseURL: baseURL, sealedToken: Data(buffer: token))
        }
    }

    package func save(couchId: UUID, baseURL: String, sealedToken: Data, status: HubStatus) async throws {
        try await client.query(
            """
            INSERT INTO hubs (couch_id, base_url, token_ciphertext, checked_at, reachable, version, last_error)
            VALUES (\(couchId), \(baseURL), \(ByteBuffer(data: sealedToken)), \(status.checkedAt), \(status.reachable), \(status.version), \(status.lastError))
            ON CONFLICT (couch_id) DO UPDATE SET base_url = excluded.base_url, token_ciphertext = excluded.token_ciphertext,
                checked_at = excluded.checked_at, reachable = excluded.reachable, version = excluded.version,
                last_error = excluded.last_error, updated_at = now()
            """, logger: logger)
    }

    /// Records how listening to a couch's own hub's event stream goes: the reason it stopped, or nil
    /// once it listens again.
    package func recordEventStream(couchId: UUID, error: String?, at time: Date) async throws {
        try await client.query(
            """
            UPDATE hubs SET events_error = \(error.map { String($0.prefix(500)) }), events_error_at = CASE WHEN \(error)::text IS NULL THEN NULL ELSE \(time) END
            WHERE couch_id = \(couchId)
            """, logger: logger)
    }

    /// Why the server is not listening to the couch's own hub's event stream, if it is not.
    package func eventStreamError(couchId: UUID) async throws -> (error: String, since: Date)? {
        let rows = try await client.query(
            "SELECT events_error, events_error_at FROM hubs WHERE couch_id = \(couchId) AND events_error IS NOT NULL", logger: logger)
        for try await (error, since) in rows.decode((String, Date).self) { return (error, since) }
        return nil
    }

    /// Records what the latest call to a couch's own hub showed.
    package func recordCheck(couchId: UUID, reachable: Bool, version: String?, lastError: String?, at time: Date) async throws {
        // Fires: hubs_events (hub.online, hub.offline) when reachability changes.
        try await client.query(
            """
            UPDATE hubs SET checked_at = \(time), reachable = \(reachable), version = coalesce(\(version), version),
                last_error = \(lastError)
            WHERE couch_id = \(couchId)
            """, logger: logger)
    }
}
