import PostgresNIO
import SmartCouchDomain

/// The database could not do the work within its bounds, or could not be reached: nothing was
/// written (the transaction, if any, rolled back) and the same request may be sent again.
package struct DatabaseUnavailable: Error, CustomStringConvertible {
    package enum Reason: String, Sendable {
        /// No pooled connection came free within the pool wait bound (busy, or unreachable).
        case poolWait = "pool wait"
        /// More requests were waiting for a connection than the server queues.
        case overloaded = "load shedding"
        case lockTimeout = "lock timeout"
        case statementTimeout = "statement timeout"
        /// The connection broke or the server is shutting down or starting up.
        case unreachable = "unreachable"
    }

    package var reason: Reason

    /// Seconds after which a retry is worth it.
    package var retryAfter: Int { reason == .unreachable || reason == .poolWait ? 2 : 1 }

    package var description: String { "database unavailable (\(reason.rawValue))" }

    /// The error as this kind, when it is one: ours, or PostgreSQL's way of saying a bound fired or
    /// the connection is gone. Other database errors (constraints, syntax) are not.
    package init?(_ error: any Error) {
        switch error {
        case let error as DatabaseUnavailable:
            self = error
        case let error as PSQLError:
            switch error.serverInfo?[.sqlState] {
            case "55P03": reason = .lockTimeout  // lock_not_available
            case "57014": reason = .statementTimeout  // query_canceled, by statement_timeout
            case "57P01", "57P02", "57P03", "08000", "08003", "08006": reason = .unreachable
            case .some: return nil
            case nil:
                switch error.code {
                case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
                    reason = .unreachable
                default:
                    return nil
                }
            }
        case let error as PostgresTransactionError:
            guard let inner = error.closureError.flatMap(DatabaseUnavailable.init) ?? error.beginError.flatMap(DatabaseUnavailable.init)
                    ?? error.commitError.flatMap(DatabaseUnavailable.init) else { return nil }
            self = inner
        default:
            return nil
        }
    }

    init(_ reason: Reason) { self.reason = reason }
}
