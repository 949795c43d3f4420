import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

package struct CouchRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// The columns `couches(from:)` decodes by their names, for any query over `couches c JOIN
    /// users u`. The rating summary and the image list are computed here, never stored.
    static let couchColumns = """
        c.id, c.owner_id, u.name AS owner_name, c.name, c.description, c.address, c.city, c.country, c.max_guests,
        c.latitude, c.longitude, c.time_zone, to_char(c.check_in_time, 'HH24:MI') AS check_in_time,
        to_char(c.check_out_time, 'HH24:MI') AS check_out_time, c.nightly_price, c.currency, c.created_at, c.updated_at,
        (SELECT avg(stars)::float8 FROM ratings WHERE couch_id = c.id) AS rating_average,
        (SELECT count(*)::int FROM ratings WHERE couch_id = c.id) AS rating_count,
        ARRAY(SELECT id FROM couch_images WHERE couch_id = c.id ORDER BY position) AS image_ids
        """
    static let couchTables = "couches c JOIN users u ON u.id = c.owner_id"

    package func create(ownerId: UUID, _ details: CouchDetails) async throws -> Couch {
        // Fires: couches_builtin_scenes (the couch's built-in scenes).
        let rows = try await client.query(
            """
            INSERT INTO couches (owner_id, name, description, address, city, country, max_guests, latitude, longitude,
                                 time_zone, check_in_time, check_out_time, nightly_price, currency)
            VALUES (\(ownerId), \(details.name), \(details.description), \(details.address), \(details.city), \(details.country),
                    \(details.maxGuests), \(details.latitude), \(details.longitude), \(details.timeZone),
                    \(details.checkInTime)::time, \(details.checkOutTime)::time, \(details.nightlyPrice), \(details.currency))
            RETURNING id
            """, logger: logger)
        for try await id in rows.decode(UUID.self) {
            if let couch = try await find(id: id) { return couch }
        }
        throw MissingRow("an INSERT … RETURNING")
    }

    package func find(id: UUID) async throws -> Couch? {
        try await client.prepared(CouchById.self, id: id, logger: logger).first
    }

    /// `find`'s statement, asked by nearly every request about a couch.
    private enum CouchById: IdStatement {
        static let name = "couch_by_id"
        static let sql = "SELECT \(couchColumns) FROM \(couchTables) WHERE c.id = $1"

        static func row(_ row: PostgresRow) throws -> Couch { try CouchRepository.couch(from: row) }
    }

    package func owned(by ownerId: UUID) async throws -> [Couch] {
        try await client.prepared(OwnedCouches.self, id: ownerId, logger: logger)
    }

    /// `owned`'s statement, asked by the API's list of a user's couches.
    private enum OwnedCouches: IdStatement {
        static let name = "owned_couches"
        static let sql = "SELECT \(couchColumns) FROM \(couchTables) WHERE c.owner_id = $1 ORDER BY c.created_at DESC, c.id"

        static func row(_ row: PostgresRow) throws -> Couch { try CouchRepository.couch(from: row) }
    }

    /// An owner's couches by name, for every console page's menu.
    package func names(ownedBy ownerId: UUID) async throws -> [CouchName] {
        try await client.prepared(OwnedCouchNames.self, id: ownerId, logger: logger)
    }

    private enum OwnedCouchNames: IdStatement {
        static let name = "owned_couch_names"
        static let sql = "SELECT c.id, c.name, c.time_zone FROM couches c WHERE c.owner_id = $1"

        static func row(_ row: PostgresRow) throws -> CouchName {
            let (id, name, timeZone) = try row.decode((UUID, String, String).self)
            return CouchName(id: id, name: name, timeZone: timeZone)
        }
    }

    /// Couches in a city (any capitalisation) that the user does not own.
    package func inCity(_ city: String, excludingOwner ownerId: UUID, limit: Int) async throws -> [Couch] {
        try await Self.couches(
            from: client.query(
                """
                SELECT \(unescaped: Self.couchColumns) FROM \(unescaped: Self.couchTables)
                WHERE lower(c.city) = lower(\(city)) AND c.owner_id <> \(ownerId)
                ORDER BY c.created_at DESC, c.id LIMIT \(limit)
                """, logger: logger))
    }

    package func update(id: UUID, _ details: CouchDetails) async throws {
        try await client.query(
            """
            UPDATE couches SET name = \(details.name), description = \(details.description), address = \(details.address),
                city = \(details.city), country = \(details.country), max_guests = \(details.maxGuests),
                latitude = \(details.latitude), longitude = \(details.longitude), time_zone = \(details.timeZone),
                check_in_time = \(details.checkInTime)::time, check_out_time = \(details.checkOutTime)::time,
                nightly_price = \(details.nightlyPrice), currency = \(details.currency), updated_at = now()
            WHERE id = \(id)
            """, logger: logger)
    }

    package enum DeleteOutcome: Sendable, Equatable {
        /// With the digests of the images it showed, whose files may now be unused.
        case deleted(imageDigests: Set<String>)
        case hasUpcomingStays
        /// A keypad lock may still hold codes of its stays: deleting it would leave them opening the door.
        case hasCodesOnLocks
        /// Presence simulation has lights on that it has not put back yet.
        case hasLightsSwitchedByPresence
    }

    /// Deletes a couch unless a confirmed stay has not ended yet (by the clock, not the date: on
    /// check-out morning the guest is still there). The couch row is locked first, so a booking
    /// committing meanwhile is seen (bookings lock the couch row too).
    package func delete(id: UUID, now: Date) async throws -> DeleteOutcome {
        try await client.transaction(logger: logger) { connection in
            try await connection.execute("SELECT 1 FROM couches WHERE id = \(id) FOR UPDATE", logger: logger)
            let upcoming = try await connection.query(
                """
                SELECT EXISTS (
                    SELECT 1 FROM reservations r JOIN couches c ON c.id = r.couch_id
                    WHERE r.couch_id = \(id) AND r.status IN ('requested', 'confirmed')
                      AND upper(stay_window(r.stay, c.check_in_time, c.check_out_time, c.time_zone)) > \(now)::timestamptz)
                """, logger: logger)
            for try await exists in upcoming.decode(Bool.self) where exists { return .hasUpcomingStays }
            let onLocks = try await connection.query(
                "SELECT EXISTS (SELECT 1 FROM door_codes WHERE couch_id = \(id) AND state <> 'cleared' AND slot IS NOT NULL)", logger: logger)
            for try await exists in onLocks.decode(Bool.self) where exists { return .hasCodesOnLocks }
            let lit = try await connection.query("SELECT EXISTS (SELECT 1 FROM presence_switches WHERE couch_id = \(id))", logger: logger)
            for try await exists in lit.decode(Bool.self) where exists { return .hasLightsSwitchedByPresence }
            // The cascade would remove these rows too, but would not say which images they showed.
            let images = try await connection.query("DELETE FROM couch_images WHERE couch_id = \(id) RETURNING sha256", logger: logger)
            var digests: Set<String> = []
            for try await digest in images.decode(String.self) { digests.insert(digest) }
            try await connection.query("DELETE FROM couches WHERE id = \(id)", logger: logger)
            return .deleted(imageDigests: digests)
        }
    }

    static func couches(from rows: PostgresRowSequence) async throws -> [Couch] {
        var couches: [Couch] = []
        for try await row in rows { couches.append(try couch(from: row)) }
        return couches
    }

    // Column by column with concrete types: decoding the row as one tuple of 21 went through
    // generic metadata for every row of a search page. By name, as couchColumns calls them.
    static func couch(from row: PostgresRow) throws -> Couch {
        let cells = row.makeRandomAccess()
        return Couch(
            id: try cells.column("id").decode(UUID.self), ownerId: try cells.column("owner_id").decode(UUID.self),
            ownerName: try cells.column("owner_name").decode(String.self),
            details: CouchDetails(
                name: try cells.column("name").decode(String.self), description: try cells.column("description").decode(String.self),
                address: try cells.column("address").decode(String.self), city: try cells.column("city").decode(String.self),
                country: try cells.column("country").decode(String.self), maxGuests: try cells.column("max_guests").decode(Int.self),
                latitude: try cells.column("latitude").decode(Double?.self), longitude: try cells.column("longitude").decode(Double?.self),
                timeZone: try cells.column("time_zone").decode(String.self),
                checkInTime: try cells.column("check_in_time").decode(String.self),
                checkOutTime: try cells.column("check_out_time").decode(String.self),
                nightlyPrice: try cells.column("nightly_price").decode(Decimal.self),
                currency: try cells.column("currency").decode(String.self)),
            imageIds: try cells.column("image_ids").decode([UUID].self),
            rating: RatingSummary(
                average: try cells.column("rating_average").decode(Double?.self), count: try cells.column("rating_count").decode(Int.self)),
            createdAt: try cells.column("created_at").decode(Date.self), updatedAt: try cells.column("updated_at").decode(Date.self))
    }
}
