import Logging
import PostgresNIO
import Synchronization

extension DatabasePool {
    /// `fragment`'s rows on `connection` (inside a transaction), its shape kept prepared. A
    /// preparation PostgreSQL refused stays refused on its connection in PostgresNIO, which then
    /// answers that error at once for good; inside a transaction it cannot be asked plainly on
    /// another connection instead, as `prepared(_:)` does. So a shape whose first run on a
    /// connection failed in a way a preparation can (a lock or statement bound, a deadlock, a
    /// lost connection) runs plainly there from then on.
    func prepared(_ fragment: SQLFragment, on connection: PostgresConnection, logger: Logger) async throws -> [PostgresRow] {
        let (shape, bindings) = try fragment.shaped()
        let key = ConnectionShapes.Key(connection: connection.id, name: shape.name)
        guard shapes.mayPrepare(key) else {
            var rows: [PostgresRow] = []
            for try await row in try await connection.query(PostgresQuery(unsafeSQL: shape.sql, binds: bindings), logger: logger) {
                rows.append(row)
            }
            return rows
        }
        do {
            let rows = try await ShapedStatement.$shape.withValue(shape) {
                var rows: [PostgresRow] = []
                for try await row in try await connection.execute(ShapedStatement(bindings: bindings), logger: logger) { rows.append(row) }
                return rows
            }
            shapes.succeeded(key)
            return rows
        } catch {
            if Self.mayHaveRefusedPreparation(error) { shapes.failed(key) }
            throw error
        }
    }

    /// Whether `error` can have come from preparing a statement rather than running it. A
    /// constraint a row broke (an overlapping booking's 409), bad data or a trigger's refusal comes
    /// only from running: the shape stays prepared.
    private static func mayHaveRefusedPreparation(_ error: any Error) -> Bool {
        guard let state = (error as? PSQLError)?.sqlState else { return true }
        return !["22", "23", "P0"].contains(state.prefix(2))
    }
}

/// Which shapes each connection of one pool prepared, or must not prepare: by the connection's
/// id, which its pool gives once.
final class ConnectionShapes: Sendable {
    struct Key: Hashable {
        var connection: PostgresConnection.ID
        var name: String
    }

    private struct Known {
        var prepared: Set<Key> = []
        var refused: Set<Key> = []
    }

    /// Connections come and go; past this many entries the record starts again. Forgetting a
    /// preparation only makes its next failure look like a refusal; forgetting a refusal costs one
    /// more failed answer on that connection.
    private static let limit = 10_000
    private let known = Mutex(Known())

    func mayPrepare(_ key: Key) -> Bool {
        known.withLock { !$0.refused.contains(key) }
    }

    func succeeded(_ key: Key) {
        known.withLock { known in
            if known.prepared.count >= Self.limit { known.prepared = [] }
            known.prepared.insert(key)
        }
    }

    func failed(_ key: Key) {
        known.withLock { known in
            guard !known.prepared.contains(key) else { return }
            if known.refused.count >= Self.limit { known.refused = [] }
            known.refused.insert(key)
        }
    }
}
