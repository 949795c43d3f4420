import Logging
import PostgresNIO
import Synchronization

extension PostgresConnection {
    /// `fragment`'s rows on this connection (inside a transaction), its shape kept prepared. A
    /// preparation PostgreSQL refused stays refused on its connection in PostgresNIO, which then
    /// answers that error at once for good; inside a transaction it cannot be asked plainly on
    /// another connection instead, as `DatabasePool.prepared` does. So a shape whose first run on
    /// a connection failed, however it failed, runs plainly there from then on.
    func prepared(_ fragment: SQLFragment, logger: Logger) async throws -> [PostgresRow] {
        let (shape, bindings) = try fragment.shaped()
        let key = ConnectionShapes.Key(connection: id, name: shape.name)
        guard ConnectionShapes.mayPrepare(key) else {
            var rows: [PostgresRow] = []
            for try await row in try await query(PostgresQuery(unsafeSQL: shape.sql, binds: bindings), logger: logger) { rows.append(row) }
            return rows
        }
        do {
            let rows = try await ShapedStatement.$shape.withValue(shape) {
                var rows: [PostgresRow] = []
                for try await row in try await execute(ShapedStatement(bindings: bindings), logger: logger) { rows.append(row) }
                return rows
            }
            ConnectionShapes.succeeded(key)
            return rows
        } catch {
            ConnectionShapes.failed(key)
            throw error
        }
    }
}

/// Which shapes each connection prepared, or must not prepare.
private enum ConnectionShapes {
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
    private static let known = Mutex(Known())

    static func mayPrepare(_ key: Key) -> Bool {
        known.withLock { !$0.refused.contains(key) }
    }

    static func succeeded(_ key: Key) {
        known.withLock { known in
            if known.prepared.count >= limit { known.prepared = [] }
            known.prepared.insert(key)
        }
    }

    static func failed(_ key: Key) {
        known.withLock { known in
            guard !known.prepared.contains(key) else { return }
            if known.refused.count >= limit { known.refused = [] }
            known.refused.insert(key)
        }
    }
}
