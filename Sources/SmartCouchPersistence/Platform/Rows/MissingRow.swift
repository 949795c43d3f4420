/// A statement that always yields a row (an INSERT … RETURNING, an aggregate) yielded none: a
/// trigger that skipped the row, or a schema this server does not expect. Thrown rather than
/// trapped, so that the one request fails and the server goes on.
package struct MissingRow: Error, CustomStringConvertible {
    package let description: String

    init(_ statement: String) {
        description = "the database answered \(statement) without a row"
    }
}
