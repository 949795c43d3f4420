import Foundation
import Logging
import PostgresNIO
import SmartCouchDomain

/// Couches' scenes and their actions.
package struct SceneRepository: Sendable {
    let client: DatabasePool
    let logger: Logger

    package init(client: DatabasePool, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// An action to store, with the device whose item it commands.
    package struct StoredAction: Sendable {
        package var deviceId: UUID
        package var action: SceneAction

        package init(deviceId: UUID, action: SceneAction) {
            self.deviceId = deviceId
            self.action = action
        }
    }

    package enum Written: Sendable {
        case written(Scene)
        /// Another scene of the couch has the name (ignoring case).
        case nameTaken
        /// The couch has as many scenes as it may.
        case full
        /// No such scene (on a change), or no such couch (on a creation).
        case missing
        /// A device or item named went meanwhile.
        case itemGone
    }

    /// A new scene unless the couch holds `limit` already; one couch's additions are taken one at a
    /// time, so two at once cannot both pass the limit.
    package func create(
        couchId: UUID, name: String, guestRunnable: Bool, unlocks: Bool, actions: [StoredAction], limit: Int, at now: Date
    ) async throws -> Written {
        try await writing {
            try await client.transaction(logger: logger) { connection in
                let couch = try await connection.query("SELECT 1 FROM couches WHERE id = \(couchId) FOR NO KEY UPDATE", logger: logger)
                guard try await couch.decode(Int.self).first(where: { _ in true }) != nil else { return .missing }
                let counted = try await connection.query("SELECT count(*)::int FROM scenes WHERE couch_id = \(couchId)", logger: logger)
                for try await count in counted.decode(Int.self) where count >= limit { return .full }
                let rows = try await connection.query(
                    """
                    INSERT INTO scenes (couch_id, name, guest_runnable, unlocks, created_at, updated_at)
                    VALUES (\(couchId), \(name), \(guestRunnable), \(unlocks), \(now), \(now))
                    RETURNING id
                    """, logger: logger)
                guard let id = try await rows.decode(UUID.self).first(where: { _ in true }) else { throw MissingRow("an INSERT … RETURNING") }
                try await Self.replaceActions(of: id, couchId: couchId, with: actions, on: connection, logger: logger)
                return .written(try await Self.scenes(where: "s.id = $1", id, on: connection, logger: logger)[0])
            }
        }
    }

    /// Changes what is given; new actions replace the old, and make a built-in scene stop following
    /// the couch's devices.
    package func update(
        _ id: UUID, couchId: UUID, name: String?, guestRunnable: Bool, unlocks: Bool, actions: [StoredAction]?, at now: Date
    ) async throws -> Written {
        try await writing {
            try await client.transaction(logger: logger) { connection in
                let rows = try await connection.query(
                    """
                    UPDATE scenes SET name = coalesce(\(name), name), guest_runnable = \(guestRunnable), unlocks = \(unlocks),
                        follows_devices = follows_devices AND \(actions == nil), updated_at = \(now)
                    WHERE id = \(id) AND couch_id = \(couchId)
                    RETURNING id
                    """, logger: logger)
                guard try await rows.decode(UUID.self).first(where: { _ in true }) != nil else { return .missing }
                if let actions {
                    try await connection.query("DELETE FROM scene_actions WHERE scene_id = \(id)", logger: logger)
                    try await Self.replaceActions(of: id, couchId: couchId, with: actions, on: connection, logger: logger)
                }
                return .written(try await Self.scenes(where: "s.id = $1", id, on: connection, logger: logger)[0])
            }
        }
    }

    private func writing(_ body: () async throws -> Written) async throws -> Written {
        do {
            return try await body()
        } catch let error as PSQLError where error.isUniqueViolation && error.constraintName == "scenes_name" {
            return .nameTaken
        } catch let error as PSQLError where error.isForeignKeyViolation {
            return .itemGone
        }
    }

    private static func replaceActions(
        of id: UUID, couchId: UUID, with actions: [StoredAction], on connection: PostgresConnection, logger: Logger
    ) async throws {
        guard !actions.isEmpty else { return }
        try await connection.query(
            """
            INSERT INTO scene_actions (scene_id, position, couch_id, device_id, item_id, command)
            SELECT \(id), a.position - 1, \(couchId), a.device_id, a.item_id, a.command
            FROM unnest(\(actions.map(\.deviceId)), \(actions.map(\.action.itemId)), \(actions.map(\.action.command)))
                 WITH ORDINALITY AS a(device_id, item_id, command, position)
            """, logger: logger)
    }

    package func delete(_ id: UUID, couchId: UUID) async throws -> Bool {
        let rows = try await client.query("DELETE FROM scenes WHERE id = \(id) AND couch_id = \(couchId) RETURNING id", logger: logger)
        return try await rows.decode(UUID.self).first(where: { _ in true }) != nil
    }

    package func scenes(couchId: UUID) async throws -> [Scene] {
        try await client.prepared(ScenesOfCouch.self, id: couchId, logger: logger)
    }

    package func scene(_ id: UUID) async throws -> Scene? {
        try await client.prepared(SceneById.self, id: id, logger: logger).first
    }

    /// A couch's scenes: asked by its home page, its guests' pages and every scene run.
    private enum ScenesOfCouch: IdStatement {
        static let name = "scenes_of_couch"
        static let sql = select(where: "s.couch_id = $1")
        static func row(_ row: PostgresRow) throws -> Scene { try scene(from: row) }
    }

    private enum SceneById: IdStatement {
        static let name = "scene_by_id"
        static let sql = select(where: "s.id = $1")
        static func row(_ row: PostgresRow) throws -> Scene { try scene(from: row) }
    }

    /// Inside a transaction that has just written the scene.
    private static func scenes(where condition: String, _ argument: UUID, on connection: PostgresConnection, logger: Logger) async throws -> [Scene] {
        var scenes: [Scene] = []
        for try await row in try await connection.query(
            PostgresQuery(unsafeSQL: select(where: condition), binds: PostgresBindings(argument)), logger: logger)
        {
            scenes.append(try scene(from: row))
        }
        return scenes
    }

    private static func select(where condition: String) -> String {
        """
        SELECT s.id, s.couch_id, s.name, s.guest_runnable, s.builtin, s.follows_devices, s.created_at, s.updated_at,
               coalesce(array_agg(a.item_id ORDER BY a.position) FILTER (WHERE a.item_id IS NOT NULL), '{}'),
               coalesce(array_agg(a.command ORDER BY a.position) FILTER (WHERE a.item_id IS NOT NULL), '{}')
        FROM scenes s LEFT JOIN scene_actions a ON a.scene_id = s.id
        WHERE \(condition)
        GROUP BY s.id
        ORDER BY s.created_at, s.builtin DESC NULLS LAST, lower(s.name)
        """
    }

    private static func scene(from row: PostgresRow) throws -> Scene {
        let (id, couchId, name, guestRunnable, builtin, follows, created, updated, items, commands) = try row.decode(
            (UUID, UUID, String, Bool, String?, Bool, Date, Date, [UUID], [String]).self)
        return Scene(
            id: id, couchId: couchId, name: name, guestRunnable: guestRunnable, builtin: builtin.flatMap(Scene.Builtin.init),
            followsDevices: follows, actions: zip(items, commands).map { SceneAction(itemId: $0, command: $1) },
            createdAt: created, updatedAt: updated)
    }
}
