import Crypto
import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// Stays whoever sold them, and the links that show a stay's codes to a guest without an account.
package struct StayRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// A booking made here or an imported stay, by the id the host's reservation list shows.
    package func find(id: UUID) async throws -> GuestStay? {
        try await client.prepared(StayById.self, id: id, logger: logger).first
    }

    /// `find`'s statement, asked by a stay's pages and its stay link.
    private enum StayById: IdStatement {
        static let name = "stay_by_id"
        private static let window = "stay_window(s.stay, c.check_in_time, c.check_out_time, c.time_zone)"
        static let sql = """
            SELECT s.id, s.couch_id, c.owner_id, s.guest_id, s.source, s.live, lower(s.stay), upper(s.stay),
                   lower(\(window)) - make_interval(mins => c.code_lead_minutes),
                   upper(\(window)) + make_interval(mins => c.code_grace_minutes),
                   lower(\(window)) - make_interval(mins => c.code_lead_minutes, hours => c.code_reveal_hours),
                   c.name, c.address, c.city, c.country, to_char(c.check_in_time, 'HH24:MI'), to_char(c.check_out_time, 'HH24:MI'),
                   c.time_zone, c.latitude, c.longitude,
                   (SELECT i.id FROM couch_images i WHERE i.couch_id = c.id ORDER BY i.position LIMIT 1),
                   p.checked_in_at, p.checked_in_via, p.checked_out_at, p.checked_out_via
            FROM (SELECT id, couch_id, stay, guest_id, 'booking' AS source, status = 'confirmed' AS live FROM reservations WHERE id = $1
                  UNION ALL
                  SELECT e.id, e.couch_id, e.stay, NULL, 'import', isempty(g.missing)
                  FROM channel_events e CROSS JOIN LATERAL channel_event_gaps(e.couch_id, e.feed_id, e.uid, e.stay) g
                  WHERE e.id = $1 AND e.kind = 'stay') s
            JOIN couches c ON c.id = s.couch_id LEFT JOIN stay_presence p ON p.stay_id = s.id
            """

        static func row(_ row: PostgresRow) throws -> GuestStay {
            let (
                id, couchId, ownerId, guestId, source, live, checkIn, checkOut, from, until, visible, name, address, city, country, checkInTime,
                checkOutTime,
                timeZone, latitude, longitude, imageId, checkedInAt, checkedInVia, checkedOutAt, checkedOutVia
            ) = try row.decode(
                (
                    UUID, UUID, UUID, UUID?, String, Bool, CalendarDate, CalendarDate, Date, Date, Date, String, String, String, String, String,
                    String,
                    String, Double?, Double?, UUID?, Date?, String?, Date?, String?
                ).self)

            return GuestStay(
                id: id, couchId: couchId, ownerId: ownerId, guestId: guestId, source: GuestStay.Source(rawValue: source) ?? .import, live: live,
                stay: Stay(checkIn: checkIn, checkOut: checkOut), accessFrom: from, accessUntil: until, codesVisibleFrom: visible, couchName: name,
                address: address,
                city: city, country: country, checkInTime: checkInTime, checkOutTime: checkOutTime,
                timeZone: timeZone, latitude: latitude, longitude: longitude, imageId: imageId,
                presence: StayPresence(
                    checkedInAt: checkedInAt, checkedInVia: checkedInVia.flatMap(StayPresence.CheckIn.init(rawValue:)),
                    checkedOutAt: checkedOutAt, checkedOutVia: checkedOutVia.flatMap(StayPresence.CheckOut.init(rawValue:))))
        }
    }

    // MARK: Presence

    /// Checks the stay in unless it already was (or was checked out), when `now` is inside its
    /// stay window; true when this did. A code lets its guest in from before the window (the
    /// couch's lead time), and in a previous guest's last night that is no check-in.
    package func checkIn(stayId: UUID, couchId: UUID, via: StayPresence.CheckIn, at now: Date) async throws -> Bool {
        // Fires: stay_presence_events (stay.checked_in).
        let rows = try await client.query(
            """
            INSERT INTO stay_presence AS p (stay_id, couch_id, checked_in_at, checked_in_via)
            SELECT \(stayId), c.id, \(now), \(via.rawValue)
            FROM couches c CROSS JOIN LATERAL (
                SELECT r.stay FROM reservations r WHERE r.id = \(stayId) AND r.couch_id = c.id
                UNION ALL
                SELECT e.stay FROM channel_events e WHERE e.id = \(stayId) AND e.couch_id = c.id) s
            WHERE c.id = \(couchId) AND stay_window(s.stay, c.check_in_time, c.check_out_time, c.time_zone) @> \(now)::timestamptz
            ON CONFLICT (stay_id) DO UPDATE SET checked_in_at = excluded.checked_in_at, checked_in_via = excluded.checked_in_via
                WHERE p.checked_in_at IS NULL AND p.checked_out_at IS NULL
            RETURNING stay_id
            """, logger: logger)
        for try await _ in rows { return true }
        return false
    }

    /// The guest's booking at the couch whose stay window holds `now`, checked in through the app
    /// unless it already was; its id when this checked it in.
    package func checkInByApp(guestId: UUID, couchId: UUID, at now: Date) async throws -> UUID? {
        // Fires: stay_presence_events (stay.checked_in).
        let rows = try await client.query(
            """
            INSERT INTO stay_presence AS p (stay_id, couch_id, checked_in_at, checked_in_via)
            SELECT r.id, r.couch_id, \(now), 'app' FROM reservations r JOIN couches c ON c.id = r.couch_id
            WHERE r.guest_id = \(guestId) AND r.couch_id = \(couchId) AND r.status = 'confirmed'
              AND stay_window(r.stay, c.check_in_time, c.check_out_time, c.time_zone) @> \(now)::timestamptz
            ON CONFLICT (stay_id) DO UPDATE SET checked_in_at = excluded.checked_in_at, checked_in_via = excluded.checked_in_via
                WHERE p.checked_in_at IS NULL AND p.checked_out_at IS NULL
            RETURNING stay_id
            """, logger: logger)
        for try await id in rows.decode(UUID.self) { return id }
        return nil
    }

    /// Checks the stay out unless it already was; true when this did.
    package func checkOut(stayId: UUID, couchId: UUID, via: StayPresence.CheckOut, at now: Date) async throws -> Bool {
        // Fires: stay_presence_events (stay.checked_out).
        let rows = try await client.query(
            """
            INSERT INTO stay_presence AS p (stay_id, couch_id, checked_out_at, checked_out_via)
            VALUES (\(stayId), \(couchId), \(now), \(via.rawValue))
            ON CONFLICT (stay_id) DO UPDATE SET checked_out_at = excluded.checked_out_at, checked_out_via = excluded.checked_out_via
                WHERE p.checked_out_at IS NULL
            RETURNING stay_id
            """, logger: logger)
        for try await _ in rows { return true }
        return false
    }

    /// A new link for the stay; the link it had before stops working. One statement: the stay's
    /// live link, if it has one, takes the new token, so of two links made at once the later one
    /// is the stay's link, rather than one failing on the one-live-link index.
    package func link(stayId: UUID, couchId: UUID, token: String, by userId: UUID, at now: Date) async throws {
        try await client.query(
            """
            INSERT INTO stay_links (couch_id, stay_id, token_digest, created_by, created_at)
            VALUES (\(couchId), \(stayId), \(Self.digest(token)), \(userId), \(now))
            ON CONFLICT (stay_id) WHERE revoked_at IS NULL
            DO UPDATE SET token_digest = excluded.token_digest, created_by = excluded.created_by, created_at = excluded.created_at
            """, logger: logger)
    }

    /// False when the stay had no link that worked.
    package func revokeLink(stayId: UUID, at now: Date) async throws -> Bool {
        let rows = try await client.query(
            "UPDATE stay_links SET revoked_at = \(now) WHERE stay_id = \(stayId) AND revoked_at IS NULL RETURNING id", logger: logger)
        for try await _ in rows.decode(UUID.self) { return true }
        return false
    }

    /// The stay a link that was not revoked shows.
    package func stayId(linkToken token: String) async throws -> UUID? {
        let rows = try await client.query(
            "SELECT stay_id FROM stay_links WHERE token_digest = \(Self.digest(token)) AND revoked_at IS NULL", logger: logger)
        for try await id in rows.decode(UUID.self) { return id }
        return nil
    }

    /// Tokens carry 256 random bits, so an unkeyed digest is enough to keep them out of the table.
    private static func digest(_ token: String) -> Data {
        Data(SHA256.hash(data: Data(token.utf8)))
    }
}
