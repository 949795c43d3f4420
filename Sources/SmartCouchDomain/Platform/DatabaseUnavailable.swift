/// The database could not do the work within its bounds, or could not be reached: nothing was
/// written (the transaction, if any, rolled back) and the same request may be sent again.
package struct DatabaseUnavailable: Error, Sendable, CustomStringConvertible {
    package enum Reason: String, Sendable {
        /// No pooled connection came free within the pool wait bound (busy, or unreachable).
        case poolWait = "pool wait"
        /// More requests were waiting for a connection than the server queues.
        case overloaded = "load shedding"
        case lockTimeout = "lock timeout"
        case statementTimeout = "statement timeout"
        /// Transactions kept waiting for each other's rows, also when tried again.
        case deadlock = "deadlock"
        /// The connection broke or the server is shutting down or starting up.
        case unreachable = "unreachable"
        /// The server is stopping: its pool closed after the drain deadline, with this request still going.
        case stopping = "server stopping"
    }

    package var reason: Reason

    /// Seconds after which a retry is worth it.
    package var retryAfter: Int { reason == .unreachable || reason == .poolWait ? 2 : 1 }

    package var description: String { "database unavailable (\(reason.rawValue))" }

    package init(_ reason: Reason) { self.reason = reason }
}
