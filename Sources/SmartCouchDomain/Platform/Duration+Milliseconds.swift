extension Duration {
    /// Whole milliseconds, as PostgreSQL settings, stored delays and log lines give them.
    package var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
