/// A row holds a value this version of the server cannot read: a status a newer migration added
/// while this binary still runs, or a value written around the schema's checks. The request that
/// read it fails (a 500 naming no data); the server goes on serving every other.
package struct UnknownStoredValue: Error, CustomStringConvertible {
    package let description: String

    init(_ what: String, _ value: some CustomStringConvertible) {
        description = "the database holds \(what) this server does not know: '\(value)'"
    }
}
