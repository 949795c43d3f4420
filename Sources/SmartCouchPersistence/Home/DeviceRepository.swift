import Foundation
import Logging
import OpenHABModels
import PostgresNIO
import SmartCouchDomain

package struct DeviceRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    package struct NewItem: Sendable {
        package var itemName: String
        package var channelUID: String
        package var itemType: ItemType
        package var label: String
        package var isMain: Bool

        package init(itemName: String, channelUID: String, itemType: ItemType, label: String, isMain: Bool) {
            self.itemName = itemName
            self.channelUID = channelUID
            self.itemType = itemType
            self.label = label
            self.isMain = isMain
        }
    }

    /// Stores a device and its items under `id`, and drops the hub cleanups its creation wrote
    /// down. A Thing on a host's own hub is claimed for the couch on first use; nil when the Thing
    /// already serves another couch.
    package func create(
        id: UUID, couchId: UUID, name: String, type: DeviceType, thing: (uid: String, hub: HubScope)?, guestControllable: Bool,
        codeSlots: CodeSlots? = nil,
        room: String? = nil, items: [NewItem]
    ) async throws -> UUID? {
        do {
            return try await insert(
                id: id, couchId: couchId, name: name, type: type, thing: thing, guestControllable: guestControllable, codeSlots: codeSlots,
                room: room,
                items: items)
        } catch let error as PSQLError where error.isForeignKeyViolation && error.constraintName == "devices_thing_on_one_couch" {
            return nil
        }
    }

    private func insert(
        id: UUID, couchId: UUID, name: String, type: DeviceType, thing: (uid: String, hub: HubScope)?, guestControllable: Bool, codeSlots: CodeSlots?,
        room: String?, items: [NewItem]
    ) async throws -> UUID {
        try await client.transaction(logger: logger) { connection in
            if let thing, case .own = thing.hub {
                try await connection.query(
                    """
                    INSERT INTO hub_things (hub_key, thing_uid, couch_id) VALUES (\(thing.hub.key), \(thing.uid), \(couchId))
                    ON CONFLICT (hub_key, thing_uid) DO NOTHING
                    """, logger: logger)
            }
            try await connection.query(
                """
                INSERT INTO devices (id, couch_id, name, type, thing_uid, hub_key, guest_controllable, code_slot_first, code_slot_last, room)
                VALUES (\(id), \(couchId), \(name), \(type.rawValue), \(thing?.uid), \(thing?.hub.key), \(guestControllable), \(codeSlots?.first), \(codeSlots?.last),
                        \(room))
                """, logger: logger)
            try await connection.query("DELETE FROM hub_cleanups WHERE device_id = \(id)", logger: logger)
            let deviceId = id
            for (position, item) in items.enumerated() {
                try await connection.query(
                    """
                    INSERT INTO device_items (device_id, position, item_name, channel_uid, item_type, label, is_main)
                    VALUES (\(deviceId), \(position), \(item.itemName), \(item.channelUID), \(item.itemType.rawValue), \(item.label), \(item.isMain))
                    """, logger: logger)
            }
            return deviceId
        }
    }

    package func find(id: UUID) async throws -> Device? {
        try await devices(DeviceWithId.self, id).first
    }

    package func find(ids: [UUID]) async throws -> [Device] {
        try await devices(DevicesWithIds.self, ids)
    }

    package func onCouch(_ couchId: UUID) async throws -> [Device] {
        try await devices(DevicesOnCouch.self, couchId)
    }

    /// Every device on the couches of an owner.
    package func ownedBy(_ ownerId: UUID) async throws -> [Device] {
        try await devices(DevicesOfOwner.self, ownerId)
    }

    /// The device that owns an item, by the item's id, with its couch's own hub (nil: none): what
    /// every device command reads first, in one statement.
    package func owning(itemId: UUID) async throws -> (device: Device, ownHub: HubRecord?)? {
        let rows = try await client.prepared(DevicesStatement<DeviceOwningItem, _>(argument: itemId), logger: logger)
        guard let device = try Self.devices(in: rows).first, let row = rows.first else { return nil }
        return (device, try Self.ownHub(in: row))
    }

    /// The same with `userId`'s relation at `moment` to the device's couch, in the same statement:
    /// a person's command needs both before it does anything, and one round trip holds one
    /// connection where two statements in parallel held two.
    package func owning(
        itemId: UUID, relationOf userId: UUID, at moment: Date
    ) async throws -> (device: Device, ownHub: HubRecord?, relation: HomeAccessRepository.Relation)? {
        let rows = try await client.prepared(DeviceOwningItemForUser(itemId: itemId, userId: userId, moment: moment), logger: logger)
        guard let device = try Self.devices(in: rows).first, let row = rows.first else { return nil }
        return (device, try Self.ownHub(in: row), try HomeAccessRepository.Relation(row))
    }

    private static func ownHub(in row: PostgresRow) throws -> HubRecord? {
        let cells = PostgresRandomAccessRow(row)
        let baseURL = try cells.column("hub_base_url").decode(String?.self)
        let token = try cells.column("hub_token").decode(ByteBuffer?.self)
        return baseURL.flatMap { url in token.map { HubRecord(baseURL: url, sealedToken: Data(buffer: $0)) } }
    }

    /// Removes a device, and in the same transaction writes down its items and links as hub
    /// cleanups due now: the device is gone at once, and its hub side goes as soon as the hub lets
    /// it. A Thing of a host's own hub that no device uses any more is free again (the shared
    /// hub's Things keep their couch until an operator unassigns them). Nil when there was no such device.
    package func delete(id: UUID, at now: Date) async throws -> [HubCleanupRepository.Cleanup]? {
        try await client.transaction(logger: logger) { connection in
            let removed = try await connection.query(
                """
                INSERT INTO hub_cleanups (couch_id, device_id, item_name, channel_uid, due_at, created_at)
                SELECT d.couch_id, d.id, i.item_name, i.channel_uid, \(now), \(now)
                FROM devices d JOIN device_items i ON i.device_id = d.id WHERE d.id = \(id)
                ON CONFLICT (device_id, item_name) DO NOTHING
                RETURNING id, couch_id, item_name, channel_uid, attempts
                """, logger: logger)
            var cleanups: [HubCleanupRepository.Cleanup] = []
            for try await (cleanupId, couchId, itemName, channelUID, attempts) in removed.decode((UUID, UUID, String, String?, Int).self) {
                cleanups.append(.init(id: cleanupId, couchId: couchId, itemName: itemName, channelUID: channelUID, attempts: attempts))
            }
            let gone = try await connection.query(
                """
                WITH gone AS (DELETE FROM devices WHERE id = \(id) RETURNING id, hub_key, thing_uid),
                freed AS (
                    DELETE FROM hub_things t USING gone
                    WHERE t.hub_key = gone.hub_key AND t.thing_uid = gone.thing_uid AND t.hub_key <> \(HubScope.shared.key)
                      AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.hub_key = t.hub_key AND d.thing_uid = t.thing_uid AND d.id <> \(id)))
                SELECT count(*)::int FROM gone
                """, logger: logger)
            var count = 0
            for try await value in gone.decode(Int.self) { count = value }
            return count == 0 ? nil : cleanups
        }
    }

    /// Devices with their items in one statement, prepared once per connection: a device is
    /// found for every command and a couch's devices for every home page.
    private func devices<Selection: DeviceSelection>(
        _ selection: Selection.Type, _ argument: some PostgresNonThrowingEncodable & Sendable
    ) async throws -> [Device] {
        try Self.devices(in: try await client.prepared(DevicesStatement<Selection, _>(argument: argument), logger: logger))
    }

    private static func devices(in rows: [PostgresRow]) throws -> [Device] {
        var devices: [Device] = []
        for row in rows {
            let (
                id, couchId, name, type, thingUID, guestControllable, createdAt, slotFirst, slotLast, room, itemId, itemName, channelUID, itemType,
                label, isMain, lastState, lastStateAt
            ) = try row.decode(
                (
                    UUID, UUID, String, String, String?, Bool, Date, Int?, Int?, String?, UUID?, String?, String?, String?, String?, Bool?, String?,
                    Date?
                ).self)
            if devices.last?.id != id {
                let slots = slotFirst.flatMap { first in slotLast.map { CodeSlots(first: first, last: $0) } }
                devices.append(
                    Device(
                        id: id, couchId: couchId, name: name, type: DeviceType(rawValue: type) ?? .heating, thingUID: thingUID,
                        guestControllable: guestControllable, codeSlots: slots, room: room, items: [], createdAt: createdAt))
            }
            if let itemId, let itemName, let channelUID, let itemType = itemType.flatMap(ItemType.init(rawValue:)), let label, let isMain {
                devices[devices.count - 1].items.append(
                    DeviceItem(
                        id: itemId, deviceId: id, itemName: itemName, channelUID: channelUID, itemType: itemType, label: label, isMain: isMain,
                        lastState: lastState, lastStateAt: lastStateAt))
            }
        }
        return devices
    }
}

/// Which devices a statement of `DeviceRepository.devices` reads: its name, and its text made
/// once (`devicesSelect`), since a device is found for every command.
private protocol DeviceSelection {
    static var name: String { get }
    static var sql: String { get }
    static var argumentType: PostgresDataType { get }
}

/// Devices with their items, in order, where `condition` (over `d`, with `$1`) holds; `withHub`:
/// each row ends with the couch's own hub (`hub_base_url`, `hub_token`; null: none); `relation`:
/// and then with the relation of the user `$2` at `$3` to the couch (`HomeAccessRepository.relationColumns`).
private func devicesSelect(where condition: String, withHub: Bool = false, relation: Bool = false) -> String {
    """
    SELECT d.id, d.couch_id, d.name, d.type, d.thing_uid, d.guest_controllable, d.created_at, d.code_slot_first, d.code_slot_last, d.room,
           i.id, i.item_name, i.channel_uid, i.item_type, i.label, i.is_main, i.last_state, i.last_state_at\(
            withHub ? ",\n       h.base_url AS hub_base_url, h.token_ciphertext AS hub_token" : "")\(
            relation ? ",\n       " + HomeAccessRepository.relationColumns(user: "$2", moment: "$3") : "")
    FROM devices d LEFT JOIN device_items i ON i.device_id = d.id\(withHub ? " LEFT JOIN hubs h ON h.couch_id = d.couch_id" : "")\(
            relation ? " JOIN couches c ON c.id = d.couch_id" : "")
    WHERE \(condition)
    ORDER BY d.created_at, d.id, i.position
    """
}

private enum DeviceWithId: DeviceSelection {
    static let name = "device_with_id"
    static let sql = devicesSelect(where: "d.id = $1")
    static let argumentType = PostgresDataType.uuid
}

private enum DevicesWithIds: DeviceSelection {
    static let name = "devices_with_ids"
    static let sql = devicesSelect(where: "d.id = ANY($1)")
    static let argumentType = PostgresDataType.uuidArray
}

private enum DevicesOnCouch: DeviceSelection {
    static let name = "devices_on_couch"
    static let sql = devicesSelect(where: "d.couch_id = $1")
    static let argumentType = PostgresDataType.uuid
}

private enum DevicesOfOwner: DeviceSelection {
    static let name = "devices_of_owner"
    static let sql = devicesSelect(where: "d.couch_id IN (SELECT id FROM couches WHERE owner_id = $1)")
    static let argumentType = PostgresDataType.uuid
}

private enum DeviceOwningItem: DeviceSelection {
    static let name = "device_and_hub_of_item"
    static let sql = devicesSelect(where: "d.id = (SELECT device_id FROM device_items WHERE id = $1)", withHub: true)
    static let argumentType = PostgresDataType.uuid
}

/// One statement a selection, under the selection's name.
private struct DevicesStatement<Selection: DeviceSelection, Argument: PostgresNonThrowingEncodable & Sendable>: PostgresPreparedStatement {
    static var name: String { Selection.name }
    static var sql: String { Selection.sql }
    static var bindingDataTypes: [PostgresDataType] { [Selection.argumentType] }

    var argument: Argument

    func makeBindings() -> PostgresBindings { PostgresBindings(argument) }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

private struct DeviceOwningItemForUser: PostgresPreparedStatement {
    static let name = "device_hub_and_relation_of_item"
    static let sql = devicesSelect(where: "d.id = (SELECT device_id FROM device_items WHERE id = $1)", withHub: true, relation: true)
    static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid, .timestamptz]

    var itemId: UUID
    var userId: UUID
    var moment: Date

    func makeBindings() -> PostgresBindings { PostgresBindings(itemId, userId, moment) }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}
