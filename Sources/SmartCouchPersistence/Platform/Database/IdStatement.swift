import Foundation
import Logging
import PostgresNIO

/// A statement asked with one id (`$1`, a uuid) and prepared once per connection: its name (see
/// `DatabasePool.prepared`), its text, and how it reads a row.
protocol IdStatement {
    associatedtype Row: Sendable
    static var name: String { get }
    static var sql: String { get }
    static func row(_ row: PostgresRow) throws -> Row
}

extension DatabasePool {
    /// The rows of `statement` asked with `id`.
    func prepared<Statement: IdStatement>(_ statement: Statement.Type, id: UUID, logger: Logger) async throws -> [Statement.Row] {
        try await prepared(PreparedById<Statement>(id: id), logger: logger)
    }
}

private struct PreparedById<Statement: IdStatement>: PostgresPreparedStatement {
    static var name: String { Statement.name }
    static var sql: String { Statement.sql }
    static var bindingDataTypes: [PostgresDataType] { [.uuid] }

    var id: UUID

    func makeBindings() -> PostgresBindings { PostgresBindings(id) }

    func decodeRow(_ row: PostgresRow) throws -> Statement.Row { try Statement.row(row) }
}
