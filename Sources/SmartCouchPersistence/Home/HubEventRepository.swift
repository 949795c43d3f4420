import Foundation
import Logging
import OpenHABModels
import PostgresNIO
import SmartCouchDomain
import Synchronization

/// What the hubs' event streams need: which items to listen to on which hub, where their reports
/// go, and which server holds each hub's stream.
package struct HubEventRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// An item SmartCouch made for a device, with the couch's own hub (nil: the server's default hub).
    package struct WatchedItem: Sendable {
        package var couchId: UUID
        package var ownHub: HubRecord?
        package var deviceId: UUID
        package var deviceType: DeviceType
        package var isKeypad: Bool
        package var item: DeviceItem
    }

    /// Every item of every device, by couch.
    package func watchedItems() async throws -> [WatchedItem] {
        let rows = try await client.query(
            """
            SELECT d.couch_id, h.base_url, h.token_ciphertext, d.id, d.type, d.code_slot_first IS NOT NULL,
                   i.id, i.item_name, i.channel_uid, i.item_type, i.label, i.is_main
            FROM devices d JOIN device_items i ON i.device_id = d.id LEFT JOIN hubs h ON h.couch_id = d.couch_id
            ORDER BY d.couch_id, d.id, i.position
            """, logger: logger)
        var items: [WatchedItem] = []
        for try await (couchId, baseURL, token, deviceId, type, isKeypad, itemId, itemName, channelUID, itemType, label, isMain)
            in rows.decode((UUID, String?, ByteBuffer?, UUID, String, Bool, UUID, String, String, String, String, Bool).self)
        {
            guard let type = DeviceType(rawValue: type), let itemType = ItemType(rawValue: itemType) else { continue }
            let hub = baseURL.flatMap { url in token.map { HubRecord(baseURL: url, sealedToken: Data(buffer: $0)) } }
            items.append(
                WatchedItem(
                    couchId: couchId, ownHub: hub, deviceId: deviceId, deviceType: type, isKeypad: isKeypad,
                    item: DeviceItem(
                        id: itemId, deviceId: deviceId, itemName: itemName, channelUID: channelUID, itemType: itemType, label: label, isMain: isMain))
            )
        }
        return items
    }

    /// Keeps what the hub reported; an older report than the one kept changes nothing.
    package func recordState(itemId: UUID, state: String, at time: Date) async throws {
        // Fires: device_items_events (device.state_changed). Prepared: every report a device sends
        // comes here, as its command's own log line is written.
        _ = try await client.prepared(
            """
            UPDATE device_items SET last_state = \(String(state.prefix(2000))), last_state_at = \(time)
            WHERE id = \(itemId) AND (last_state_at IS NULL OR last_state_at <= \(time))
            """, logger: logger)
    }

    // MARK: Which server listens to which hub

    static let lockClass: Int32 = 0x4855_4253 // "HUBS"

    /// Runs `body` with a connection of its own that holds this server's hub leases: PostgreSQL
    /// advisory locks, one per hub, which end with the connection if the server dies. The leases
    /// are given back when `body` returns or throws. Every statement on that connection answers
    /// within `limit` or counts as a lost connection, which is then closed: a connection whose
    /// backend was killed, or cut off by the network, does not answer at all.
    package func withLeases<T: Sendable>(answeringWithin limit: Duration, _ body: @Sendable (HubLeases) async throws -> T) async throws -> T {
        try await DatabaseWork.$current.withValue(.job) {
            try await client.withConnection { connection in
                let leases = HubLeases(connection: connection, limit: limit, logger: logger)
                do {
                    let result = try await body(leases)
                    try await leases.releaseAll()
                    return result
                } catch {
                    // A pooled connection must not keep them; if this fails the connection is closed, which frees them.
                    try? await leases.releaseAll()
                    throw error
                }
            }
        }
    }
}

/// The hub leases held on one connection. Advisory locks are re-entrant per session, so each is
/// taken at most once here and given back once.
package final class HubLeases: Sendable {
    let connection: PostgresConnection
    let limit: Duration
    let logger: Logger

    init(connection: PostgresConnection, limit: Duration, logger: Logger) {
        self.connection = connection
        self.limit = limit
        self.logger = logger
    }

    /// True when this server now holds the hub's lease; false when another server does.
    package func tryAcquire(_ key: Int32) async throws -> Bool {
        try await answered("SELECT pg_try_advisory_lock(\(HubEventRepository.lockClass), \(key))")
    }

    package func release(_ key: Int32) async throws {
        _ = try await answered("SELECT pg_advisory_unlock(\(HubEventRepository.lockClass), \(key))")
    }

    /// A round trip on the connection: proof that the leases are still held.
    package func confirm() async throws {
        _ = try await answered("SELECT true")
    }

    func releaseAll() async throws {
        _ = try await answered("SELECT pg_advisory_unlock_all() IS NULL")
    }

    /// The statement's one boolean, or `LeaseConnectionLost` once `limit` passes without it. The
    /// statement is not awaited past the limit: the connection is closed, which ends it.
    private func answered(_ query: PostgresQuery) async throws -> Bool {
        let outcome = FirstOutcome<Bool>()
        let statement = Task { [connection, logger] in
            do {
                var answer = false
                for try await value in try await connection.query(query, logger: logger).decode(Bool.self) { answer = value }
                outcome.finish(.success(answer))
            } catch {
                outcome.finish(.failure(error))
            }
        }
        let timer = Task { [limit] in
            try? await Task.sleep(for: limit)
            outcome.finish(.failure(LeaseConnectionLost()))
        }
        defer { timer.cancel() }
        do {
            return try await outcome.value()
        } catch is LeaseConnectionLost {
            statement.cancel()
            try? await connection.close()
            throw LeaseConnectionLost()
        }
    }
}

/// The connection holding the hub leases stopped answering.
package struct LeaseConnectionLost: Error, CustomStringConvertible {
    package var description: String { "the database connection holding the hub leases did not answer in time" }
}

/// Whichever of several racers finishes first decides; the others' results are dropped.
private final class FirstOutcome<Value: Sendable>: Sendable {
    private enum State {
        case pending([CheckedContinuation<Value, any Error>])
        case done(Result<Value, any Error>)
    }
    private let state = Mutex(State.pending([]))

    func finish(_ result: Result<Value, any Error>) {
        let waiting: [CheckedContinuation<Value, any Error>] = state.withLock { state in
            guard case .pending(let waiting) = state else { return [] }
            state = .done(result)
            return waiting
        }
        waiting.forEach { $0.resume(with: result) }
    }

    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let done: Result<Value, any Error>? = state.withLock { state in
                switch state {
                case .pending(let waiting):
                    state = .pending(waiting + [continuation])
                    return nil
                case .done(let result):
                    return result
                }
            }
            if let done { continuation.resume(with: done) }
        }
    }
}
