import PostgresNIO
import SmartCouchDomain

extension DatabaseUnavailable {
    /// The error as this kind, when it is one: ours, or PostgreSQL's way of saying a bound fired or
    /// the connection is gone. Other database errors (constraints, syntax) are not.
    package init?(classifying error: any Error) {
        switch error {
        case let error as DatabaseUnavailable:
            self = error
        case let error as PSQLError:
            guard let reason = Self.reason(of: error) else { return nil }
            self.init(reason)
        case let error as PostgresTransactionError:
            let parts: [(any Error)?] = [error.closureError, error.beginError, error.commitError]
            guard let inner = parts.lazy.compactMap({ $0.flatMap { DatabaseUnavailable(classifying: $0) } }).first else { return nil }
            self = inner
        default:
            return nil
        }
    }

    private static func reason(of error: PSQLError) -> Reason? {
        switch error.serverInfo?[.sqlState] {
        case "55P03": .lockTimeout // lock_not_available
        case "57014": .statementTimeout // query_canceled, by statement_timeout
        case "40P01": .deadlock // deadlock_detected, where retrying did not end it
        case "57P01", "57P02", "57P03", "08000", "08003", "08006": .unreachable
        case .some: nil
        case nil:
            switch error.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed: .unreachable
            default: nil
            }
        }
    }
}
