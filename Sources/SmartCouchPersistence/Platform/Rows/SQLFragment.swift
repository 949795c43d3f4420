import PostgresNIO
import SmartCouchDomain

/// A piece of SQL with its binds, written like a `PostgresQuery` (`"c.max_guests >= \(guests)"`)
/// but composable: pieces are put together first and their binds numbered ($1, $2, …) only when
/// the statement is made, so a query whose conditions depend on its input needs no hand-counted
/// placeholders and no string-built SQL.
struct SQLFragment: ExpressibleByStringInterpolation {
    fileprivate enum Part {
        case sql(String)
        /// A bind's type (`.null` for NULL, whose type the server infers) and how it is written.
        case bind(PostgresDataType, (inout PostgresBindings) throws -> Void)
    }

    fileprivate var parts: [Part]

    init(stringLiteral value: String) {
        parts = [.sql(value)]
    }

    init(stringInterpolation: Interpolation) {
        parts = stringInterpolation.parts
    }

    struct Interpolation: StringInterpolationProtocol {
        fileprivate var parts: [Part] = []

        init(literalCapacity: Int, interpolationCount: Int) {}

        mutating func appendLiteral(_ literal: String) {
            parts.append(.sql(literal))
        }

        /// A value, sent as a bind parameter.
        mutating func appendInterpolation<Value: PostgresThrowingDynamicTypeEncodable>(_ value: Value) {
            parts.append(.bind(value.psqlType) { try $0.append(value) })
        }

        /// A value or NULL, sent as a bind parameter.
        mutating func appendInterpolation<Value: PostgresThrowingDynamicTypeEncodable>(_ value: Value?) {
            guard let value else { return parts.append(.bind(.null) { $0.appendNull() }) }
            appendInterpolation(value)
        }

        /// Constant SQL (a column list, a sort order); never input.
        mutating func appendInterpolation(unescaped sql: String) {
            parts.append(.sql(sql))
        }

        mutating func appendInterpolation(_ fragment: SQLFragment) {
            parts += fragment.parts
        }
    }

    /// The fragments one after another with `separator` between them.
    static func joined(_ fragments: [SQLFragment], separator: String) -> SQLFragment {
        var result: SQLFragment = ""
        for (index, fragment) in fragments.enumerated() {
            if index > 0 { result.parts.append(.sql(separator)) }
            result.parts += fragment.parts
        }
        return result
    }

    /// The statement's text, its binds numbered as `query()` numbers them: for a statement prepared
    /// once, whose values travel with each execution.
    var placeholderText: String {
        var binds = 0
        return parts.map { part in
            switch part {
            case .sql(let sql): return sql
            case .bind:
                binds += 1
                return "$\(binds)"
            }
        }.joined()
    }

    func query() throws -> PostgresQuery {
        var bindings = PostgresBindings(capacity: parts.count)
        for case .bind(_, let append) in parts { try append(&bindings) }
        return PostgresQuery(unsafeSQL: placeholderText, binds: bindings)
    }

    /// The statement as one to keep prepared: its text and bind types name it, so each shape a
    /// statement built from its input takes (which conditions, which order, which binds are NULL)
    /// is prepared once on a connection and planned by PostgreSQL's plan cache from then on.
    func shaped() throws -> (ShapedStatement.Shape, PostgresBindings) {
        let query = try query()
        var types: [PostgresDataType] = []
        for case .bind(let type, _) in parts { types.append(type) }
        // FNV-1a over the text and the types: a name, not a secret. Two shapes that met under one
        // name would be told apart by DatabasePool.prepared, which then runs the second plainly.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in query.sql.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        for type in types { hash = (hash ^ UInt64(type.rawValue)) &* 0x100_0000_01b3 }
        return (ShapedStatement.Shape(name: "shape_\(String(hash, radix: 16))", sql: query.sql, types: types), query.binds)
    }
}
