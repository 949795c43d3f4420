import PostgresNIO
import SmartCouchDomain

/// A piece of SQL with its binds, written like a `PostgresQuery` (`"c.max_guests >= \(guests)"`)
/// but composable: pieces are put together first and their binds numbered ($1, $2, …) only when
/// the statement is made, so a query whose conditions depend on its input needs no hand-counted
/// placeholders and no string-built SQL.
struct SQLFragment: ExpressibleByStringInterpolation {
    fileprivate enum Part {
        case sql(String)
        case bind((inout PostgresQuery.StringInterpolation) throws -> Void)
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
            parts.append(.bind { try $0.appendInterpolation(value) })
        }

        /// A value or NULL, sent as a bind parameter.
        mutating func appendInterpolation<Value: PostgresThrowingDynamicTypeEncodable>(_ value: Value?) {
            parts.append(.bind { try $0.appendInterpolation(value) })
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
        var interpolation = PostgresQuery.StringInterpolation(literalCapacity: 0, interpolationCount: parts.count)
        for part in parts {
            switch part {
            case .sql(let sql): interpolation.appendLiteral(sql)
            case .bind(let append): try append(&interpolation)
            }
        }
        return PostgresQuery(stringInterpolation: interpolation)
    }
}
