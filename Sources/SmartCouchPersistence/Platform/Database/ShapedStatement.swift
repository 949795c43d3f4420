import PostgresNIO

/// A statement whose text is made from its input (`SQLFragment.shaped`), kept prepared like the
/// fixed ones. PostgresNIO asks a prepared statement's type for its name, text and bind types; a
/// shape's are the task's own for the call that runs it (`DatabasePool.prepared(_:)`).
struct ShapedStatement: PostgresPreparedStatement {
    struct Shape: Sendable {
        var name: String
        var sql: String
        var types: [PostgresDataType]
    }

    @TaskLocal static var shape = Shape(name: "", sql: "", types: [])

    static var name: String { shape.name }
    static var sql: String { shape.sql }
    static var bindingDataTypes: [PostgresDataType] { shape.types }

    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { bindings }

    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}
