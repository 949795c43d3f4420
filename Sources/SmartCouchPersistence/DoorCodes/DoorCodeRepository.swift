import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// Door codes: which stays and keypad locks still need one, the work list of the job that puts
/// them on their locks and takes them off, and what hosts and guests read.
package struct DoorCodeRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// A code's window for a stay at a couch `c`: the stay window, widened by the couch's lead and grace.
    private static let window = """
        lower(stay_window(s.stay, c.check_in_time, c.check_out_time, c.time_zone)) - make_interval(mins => c.code_lead_minutes),
        upper(stay_window(s.stay, c.check_in_time, c.check_out_time, c.time_zone)) + make_interval(mins => c.code_grace_minutes)
        """

    // MARK: Planning

    /// A stay and a keypad lock of its couch that have no code yet.
    package struct Wanted: Sendable {
        package var stayId: UUID
        package var couchId: UUID
        package var deviceId: UUID
        package var thingUID: String
        package var length: Int
        package var validFrom: Date
        package var validUntil: Date
    }

    /// Every stay not over yet, on every keypad lock of its couch, that has no live code there: a
    /// stay whose code was cleared or is being cleared (cancelled and given its nights back, its
    /// window cut and widened again) gets a new one. `couchId` narrows it to one couch.
    package func missing(at now: Date, couchId: UUID? = nil) async throws -> [Wanted] {
        let rows = try await client.query(
            """
            SELECT s.stay_id, s.couch_id, d.id, d.thing_uid, c.code_length, \(unescaped: Self.window)
            FROM devices d JOIN couches c ON c.id = d.couch_id JOIN guest_stays s ON s.couch_id = d.couch_id
            WHERE d.code_slot_first IS NOT NULL AND (\(couchId)::uuid IS NULL OR d.couch_id = \(couchId))
              AND upper(stay_window(s.stay, c.check_in_time, c.check_out_time, c.time_zone)) + make_interval(mins => c.code_grace_minutes) > \(now)
              AND NOT EXISTS (SELECT 1 FROM door_codes k WHERE k.stay_id = s.stay_id AND k.device_id = d.id AND k.state NOT IN ('cleared', 'clearing'))
              AND NOT EXISTS (SELECT 1 FROM stay_presence p WHERE p.stay_id = s.stay_id AND p.checked_out_at IS NOT NULL)
            """, logger: logger)
        var wanted: [Wanted] = []
        for try await (stayId, couchId, deviceId, thingUID, length, from, until) in rows.decode((UUID, UUID, UUID, String, Int, Date, Date).self) {
            wanted.append(
                Wanted(stayId: stayId, couchId: couchId, deviceId: deviceId, thingUID: thingUID, length: length, validFrom: from, validUntil: until))
        }
        return wanted
    }

    package struct NewCode: Sendable {
        package var wanted: Wanted
        package var sealed: Data
        package var digest: Data

        package init(wanted: Wanted, sealed: Data, digest: Data) {
            self.wanted = wanted
            self.sealed = sealed
            self.digest = digest
        }
    }

    /// Stores new codes in one statement; a code equal to one live on its lock, or taken off it in
    /// the last 30 days (whoever knew it must not walk in on the next stay that happens to draw it),
    /// or a stay the lock already has a code for, is skipped. Answers the stays whose codes were
    /// stored, by device.
    package func insert(_ codes: [NewCode], at now: Date) async throws -> Set<[UUID]> {
        let rows = try await client.query(
            """
            INSERT INTO door_codes (couch_id, device_id, thing_uid, stay_id, code_sealed, code_digest, valid_from, valid_until, created_at, updated_at)
            SELECT n.couch_id, n.device_id, n.thing_uid, n.stay_id, decode(n.sealed, 'base64'), decode(n.digest, 'base64'), n.valid_from, n.valid_until, \(now), \(now)
            FROM unnest(\(codes.map(\.wanted.couchId)), \(codes.map(\.wanted.deviceId)), \(codes.map(\.wanted.thingUID)), \(codes.map(\.wanted.stayId)),
                        \(codes.map { $0.sealed.base64EncodedString() }), \(codes.map { $0.digest.base64EncodedString() }),
                        \(codes.map(\.wanted.validFrom)), \(codes.map(\.wanted.validUntil)))
                 AS n(couch_id, device_id, thing_uid, stay_id, sealed, digest, valid_from, valid_until)
            WHERE NOT EXISTS (
                SELECT 1 FROM door_codes o
                WHERE o.couch_id = n.couch_id AND o.thing_uid = n.thing_uid AND o.code_digest = decode(n.digest, 'base64')
                  AND o.state = 'cleared' AND o.updated_at > \(now) - interval '30 days')
            ON CONFLICT DO NOTHING
            RETURNING stay_id, device_id
            """, logger: logger)
        var stored: Set<[UUID]> = []
        for try await (stayId, deviceId) in rows.decode((UUID, UUID).self) { stored.insert([stayId, deviceId]) }
        return stored
    }

    /// Codes follow their stays: a moved or shortened stay moves its codes' windows; a stay that
    /// ended, was cancelled, left its feed or was checked out, or whose lock is gone, ends its
    /// codes. A code never written ends at once; one that was goes to `clearing`. `couchId`
    /// narrows it to one couch.
    package func followStays(at now: Date, couchId: UUID? = nil) async throws {
        try await client.query(
            """
            UPDATE door_codes k SET valid_from = n.valid_from, valid_until = n.valid_until, updated_at = \(now)
            FROM (SELECT s.stay_id, \(unescaped: Self.window) FROM guest_stays s JOIN couches c ON c.id = s.couch_id
                  WHERE s.stay_id IN (SELECT stay_id FROM door_codes WHERE state <> 'cleared')
                    AND (\(couchId)::uuid IS NULL OR s.couch_id = \(couchId))) AS n(stay_id, valid_from, valid_until)
            WHERE k.stay_id = n.stay_id AND k.state NOT IN ('cleared', 'clearing')
              AND (k.valid_from, k.valid_until) IS DISTINCT FROM (n.valid_from, n.valid_until)
            """, logger: logger)
        // A checked-out stay's codes end at its check-out, which is inside their window.
        // Fires: door_codes_events (code.active, code.failed, code.cleared) for each code whose state changes.
        try await client.query(
            """
            UPDATE door_codes k SET state = CASE WHEN k.slot IS NULL THEN 'cleared' ELSE 'clearing' END,
                valid_until = CASE WHEN p.checked_out_at IS NULL THEN k.valid_until
                                   ELSE least(k.valid_until, greatest(p.checked_out_at, k.valid_from + interval '1 second')) END,
                attempts = 0, last_error = NULL, next_attempt_at = \(now), updated_at = \(now)
            FROM door_codes o LEFT JOIN stay_presence p ON p.stay_id = o.stay_id
            WHERE o.id = k.id AND k.state NOT IN ('cleared', 'clearing') AND (\(couchId)::uuid IS NULL OR k.couch_id = \(couchId))
              AND (k.valid_until <= \(now)
                   OR p.checked_out_at IS NOT NULL
                   OR NOT EXISTS (SELECT 1 FROM guest_stays s WHERE s.stay_id = k.stay_id)
                   OR NOT EXISTS (SELECT 1 FROM devices d WHERE d.id = k.device_id AND d.code_slot_first IS NOT NULL))
            """, logger: logger)
    }

    // MARK: The job's work list

    /// One keypad lock and every code on it or on its way there or off it.
    package struct LockWork: Sendable {
        package var couchId: UUID
        /// The couch's host, whose locks share the job fairly with other hosts'.
        package var ownerId: UUID
        package var thingUID: String
        /// Nil when the lock's device is gone: its codes are only cleared.
        package var deviceId: UUID?
        package var slots: CodeSlots?
        package var codes: [StoredCode]
    }

    package struct StoredCode: Sendable {
        package var id: UUID
        package var stayId: UUID
        package var deviceId: UUID?
        package var slot: Int?
        package var sealed: Data
        package var validFrom: Date
        package var validUntil: Date
        package var state: DoorCode.State
        package var attempts: Int
        package var nextAttemptAt: Date?
    }

    /// Every keypad lock, read each run so that a slot changed at the lock is put right even when
    /// no stay has a code there, and the lock of every code still to be taken off after its device
    /// went; with each, its codes but those scheduled for later (`ahead` before their windows).
    /// `couchId` narrows it to one couch's locks.
    package func locks(at now: Date, ahead: TimeInterval, couchId: UUID? = nil) async throws -> [LockWork] {
        let rows = try await client.query(
            """
            WITH locks AS (
                SELECT couch_id, thing_uid FROM devices WHERE code_slot_first IS NOT NULL AND (\(couchId)::uuid IS NULL OR couch_id = \(couchId))
                UNION
                SELECT couch_id, thing_uid FROM door_codes WHERE state = 'clearing' AND (\(couchId)::uuid IS NULL OR couch_id = \(couchId)))
            SELECT l.couch_id, c.owner_id, l.thing_uid, d.id, d.code_slot_first, d.code_slot_last,
                   k.id, k.stay_id, k.device_id, k.slot, k.code_sealed, k.valid_from, k.valid_until, k.state, k.attempts, k.next_attempt_at
            FROM locks l JOIN couches c ON c.id = l.couch_id
            LEFT JOIN LATERAL (
                SELECT id, code_slot_first, code_slot_last FROM devices
                WHERE couch_id = l.couch_id AND thing_uid = l.thing_uid AND code_slot_first IS NOT NULL
                ORDER BY created_at, id LIMIT 1) d ON true
            LEFT JOIN door_codes k ON k.couch_id = l.couch_id AND k.thing_uid = l.thing_uid AND k.state <> 'cleared'
                AND (k.state <> 'scheduled' OR k.slot IS NOT NULL OR k.valid_from <= \(now.addingTimeInterval(ahead)))
            ORDER BY l.couch_id, l.thing_uid, k.valid_from, k.id
            """, logger: logger)
        var locks: [LockWork] = []
        for try await (couchId, ownerId, thingUID, deviceId, first, last, id, stayId, codeDeviceId, slot, sealed, from, until, state, attempts, next)
            in rows.decode((UUID, UUID, String, UUID?, Int?, Int?, UUID?, UUID?, UUID?, Int?, Data?, Date?, Date?, String?, Int?, Date?).self)
        {
            if locks.last.map({ $0.couchId != couchId || $0.thingUID != thingUID }) ?? true {
                let slots = first.flatMap { first in last.map { CodeSlots(first: first, last: $0) } }
                locks.append(LockWork(couchId: couchId, ownerId: ownerId, thingUID: thingUID, deviceId: deviceId, slots: slots, codes: []))
            }
            guard let id, let stayId, let sealed, let from, let until, let state, let attempts else { continue }
            locks[locks.count - 1].codes.append(
                StoredCode(
                    id: id, stayId: stayId, deviceId: codeDeviceId, slot: slot, sealed: sealed, validFrom: from, validUntil: until,
                    state: DoorCode.State(rawValue: state) ?? .failed, attempts: attempts, nextAttemptAt: next))
        }
        return locks
    }

    /// Whether the couch has a keypad lock, or a code still to be taken off a lock that went: most
    /// couches have neither, and their stays' changes need no pass.
    package func hasLocks(couchId: UUID) async throws -> Bool {
        // Asked after every booking: prepared, it is not planned each time.
        try await client.prepared(
            """
            SELECT EXISTS (SELECT 1 FROM devices WHERE couch_id = \(couchId) AND code_slot_first IS NOT NULL)
                OR EXISTS (SELECT 1 FROM door_codes WHERE couch_id = \(couchId) AND state = 'clearing')
            """, logger: logger
        ).first?.decode(Bool.self) ?? false
    }

    static let lockClass: Int32 = 0x4C4F_434B // "LOCK"

    /// Runs `body` as the one pass over `lock` anywhere (whichever server, scheduled or following
    /// a stay's change), or returns nil at once when another pass holds it.
    package func whilePassing<T: Sendable>(_ lock: LockWork, _ body: @Sendable () async throws -> T) async throws -> T? {
        try await client.whileLocked(Self.lockClass, "\(lock.couchId) \(lock.thingUID)", logger: logger, body)
    }

    /// A code's new place and state after a pass over its lock.
    package func update(
        _ id: UUID, slot: Int?, state: DoorCode.State, lastError: String?, attempts: Int, nextAttemptAt: Date?, at now: Date
    ) async throws {
        // Fires: door_codes_events (code.active, code.failed, code.cleared) when the state changes.
        try await client.query(
            """
            UPDATE door_codes SET slot = \(slot), state = \(state.rawValue), last_error = \(lastError.map { String($0.prefix(500)) }),
                attempts = \(attempts), next_attempt_at = \(nextAttemptAt), updated_at = \(now)
            WHERE id = \(id)
            """, logger: logger)
    }

    // MARK: Settings

    package func settings(couchId: UUID) async throws -> CodeSettings? {
        let rows = try await client.query(
            "SELECT code_length, code_lead_minutes, code_grace_minutes, code_reveal_hours FROM couches WHERE id = \(couchId)", logger: logger)
        for try await (length, lead, grace, reveal) in rows.decode((Int, Int, Int, Int).self) {
            return CodeSettings(length: length, leadMinutes: lead, graceMinutes: grace, revealHours: reveal)
        }
        return nil
    }

    package func save(_ settings: CodeSettings, couchId: UUID) async throws {
        try await client.query(
            """
            UPDATE couches SET code_length = \(settings.length), code_lead_minutes = \(settings.leadMinutes),
                code_grace_minutes = \(settings.graceMinutes), code_reveal_hours = \(settings.revealHours)
            WHERE id = \(couchId)
            """, logger: logger)
    }

    // MARK: Reading

    /// Whose code a keypad lock's slot holds: the stay of the code SmartCouch put there and has not
    /// cleared, with its guest's account (a booking here) or the name its channel gives.
    package func holder(deviceId: UUID, slot: Int) async throws -> CodeHolder? {
        let rows = try await client.query(
            """
            SELECT k.stay_id, k.couch_id, k.valid_from, k.valid_until,
                   k.state <> 'clearing' AND EXISTS (SELECT 1 FROM guest_stays s WHERE s.stay_id = k.stay_id)
                       AND NOT EXISTS (SELECT 1 FROM stay_presence p WHERE p.stay_id = k.stay_id AND p.checked_out_at IS NOT NULL),
                   r.guest_id,
                   coalesce(u.name, f.name || ' guest' || coalesce(' (phone ending ' || e.phone_last4 || ')', ''), 'guest')
            FROM door_codes k JOIN devices d ON d.id = k.device_id AND d.couch_id = k.couch_id AND d.thing_uid = k.thing_uid
            LEFT JOIN reservations r ON r.id = k.stay_id LEFT JOIN users u ON u.id = r.guest_id
            LEFT JOIN channel_events e ON e.id = k.stay_id LEFT JOIN calendar_feeds f ON f.id = e.feed_id
            WHERE k.device_id = \(deviceId) AND k.slot = \(slot) AND k.state <> 'cleared'
            """, logger: logger)
        for try await (stayId, couchId, from, until, live, guestId, guestName) in rows.decode((UUID, UUID, Date, Date, Bool, UUID?, String).self) {
            return CodeHolder(
                stayId: stayId, couchId: couchId, validFrom: from, validUntil: until, live: live, guestId: guestId, guestName: guestName)
        }
        return nil
    }

    package struct CodeHolder: Sendable {
        package var stayId: UUID
        package var couchId: UUID
        package var validFrom: Date
        package var validUntil: Date
        /// False once its stay was cancelled, checked out or ended, though the job has not taken the code off yet.
        package var live: Bool
        package var guestId: UUID?
        package var guestName: String
    }

    /// Cursors of a couch's code list: the window's start in microseconds since PostgreSQL's epoch, and the id.
    package static let order = "doorCodes"

    /// A couch's codes, latest window first.
    package func codes(couchId: UUID, after cursor: PageCursor?, limit: Int) async throws -> Page<SealedDoorCode> {
        let micros = cursor?.instant
        let rows = try await client.query(
            """
            SELECT \(unescaped: Self.columns) FROM door_codes k LEFT JOIN devices d ON d.id = k.device_id
            WHERE k.couch_id = \(couchId)
              AND (\(micros)::bigint IS NULL
                   OR (k.valid_from, k.id) < (timestamptz '2000-01-01 00:00:00+00' + \(micros) * interval '1 microsecond', \(cursor?.id)))
            ORDER BY k.valid_from DESC, k.id DESC
            LIMIT \(limit + 1)
            """, logger: logger)
        return Page(fetched: try await Self.decode(rows), limit: limit) {
            PageCursor(order: Self.order, key: String($0.code.validFrom.postgresMicroseconds), id: $0.code.id)
        }
    }

    /// The stays' codes that are not cleared, on every lock; with `ownerId`, only at that owner's couches.
    package func codes(stayIds: [UUID], ownerId: UUID? = nil) async throws -> [SealedDoorCode] {
        let rows = try await client.query(
            """
            SELECT \(unescaped: Self.columns) FROM door_codes k LEFT JOIN devices d ON d.id = k.device_id
            WHERE k.stay_id = ANY(\(stayIds)) AND k.state <> 'cleared'
              AND (\(ownerId)::uuid IS NULL OR k.couch_id IN (SELECT id FROM couches WHERE owner_id = \(ownerId)))
            ORDER BY d.name, k.id
            """, logger: logger)
        return try await Self.decode(rows)
    }

    /// A code as stored: its PIN still sealed.
    package struct SealedDoorCode: Sendable {
        /// With an empty `code`, until the service opens `sealed`.
        package var code: DoorCode
        package var sealed: Data
    }

    private static let columns = """
        k.id, k.couch_id, k.device_id, d.name, k.thing_uid, k.stay_id, k.slot, k.code_sealed, k.valid_from, k.valid_until,
        k.state, k.last_error, k.attempts, k.next_attempt_at, k.updated_at
        """

    private static func decode(_ rows: PostgresRowSequence) async throws -> [SealedDoorCode] {
        var codes: [SealedDoorCode] = []
        for try await (id, couchId, deviceId, deviceName, thingUID, stayId, slot, sealed, from, until, state, lastError, attempts, next, updatedAt)
            in rows.decode((UUID, UUID, UUID?, String?, String, UUID, Int?, Data, Date, Date, String, String?, Int, Date?, Date).self)
        {
            codes.append(
                SealedDoorCode(
                    code: DoorCode(
                        id: id, couchId: couchId, deviceId: deviceId, deviceName: deviceName, thingUID: thingUID, stayId: stayId, slot: slot,
                        code: "",
                        validFrom: from, validUntil: until, state: DoorCode.State(rawValue: state) ?? .failed, lastError: lastError,
                        attempts: attempts, nextAttemptAt: next, updatedAt: updatedAt), sealed: sealed))
        }
        return codes
    }
}
