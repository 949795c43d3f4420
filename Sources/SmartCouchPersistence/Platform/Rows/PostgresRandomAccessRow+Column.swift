import PostgresNIO

extension PostgresRandomAccessRow {
    /// The cell of the column named `name`. PostgresNIO's own subscript stops the process when no
    /// column has the name; a statement and its decoder that disagree fail the one request instead.
    func column(_ name: String) throws -> PostgresCell {
        guard contains(name) else { throw MissingColumn(name: name) }
        return self[name]
    }
}

/// A row without a column its decoder reads: the statement and the decoder disagree.
package struct MissingColumn: Error, CustomStringConvertible {
    let name: String
    package var description: String { "the row has no column \(name)" }
}
