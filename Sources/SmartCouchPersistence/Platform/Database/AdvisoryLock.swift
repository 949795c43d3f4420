import Logging
import PostgresNIO

extension DatabasePool {
    /// Runs `body` holding the session advisory lock (`lockClass`, hashtext(`key`)), or returns nil
    /// at once when another session (this server's or another's) holds it. The lock lives on a
    /// connection of its own for the whole of `body`, so a server that dies meanwhile releases it
    /// with its connection.
    func whileLocked<T: Sendable>(
        _ lockClass: Int32, _ key: String, logger: Logger, _ body: @Sendable () async throws -> T
    ) async throws -> T? {
        try await withConnection { connection in
            let rows = try await connection.query("SELECT pg_try_advisory_lock(\(lockClass), hashtext(\(key)))", logger: logger)
            var locked = false
            for try await taken in rows.decode(Bool.self) { locked = taken }
            guard locked else { return nil }
            do {
                let result = try await body()
                try await connection.execute("SELECT pg_advisory_unlock(\(lockClass), hashtext(\(key)))", logger: logger)
                return result
            } catch {
                // A pooled connection must not keep the lock; if unlocking fails the connection is
                // broken, and closing it releases the lock anyway.
                try? await connection.execute("SELECT pg_advisory_unlock(\(lockClass), hashtext(\(key)))", logger: logger)
                throw error
            }
        }
    }
}
