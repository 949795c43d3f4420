import PostgresNIO

extension PostgresBindings {
    /// The values in order, `$1` first: what a prepared statement's `makeBindings` returns.
    init(_ values: any PostgresNonThrowingEncodable...) {
        self.init(capacity: values.count)
        for value in values { append(value) }
    }
}
