import Logging
import PostgresNIO
import SmartCouchDomain

extension PostgresConnection {
    /// Runs `body`, inside a transaction, without the session's lock bound. For statements whose
    /// lock wait is a wait for another transaction's outcome, which decides the answer: a repeat of
    /// a request still in flight, a booking or block of nights another booking is taking. Late and right
    /// (the replayed response, a 409) beats early and useless (a 503), and the statement timeout
    /// still bounds the wait. The session's bound holds again for the rest of the transaction.
    func waitingForOutcome<T>(logger: Logger, _ body: () async throws -> T) async throws -> T {
        let result = try await waitingForOutcomeUntilCommit(logger: logger, body)
        try await restoringLockBound(logger: logger)
        return result
    }

    /// The same, for a transaction that may end with `body`: the bound is not put back (the commit
    /// ends a `SET LOCAL`), a round trip fewer for every booking. A statement after `body` must
    /// first call `restoringLockBound`.
    func waitingForOutcomeUntilCommit<T>(logger: Logger, _ body: () async throws -> T) async throws -> T {
        try await query("SET LOCAL lock_timeout = 0", logger: logger)
        return try await body()
    }

    /// The session's lock bound again, for the rest of the transaction.
    func restoringLockBound(logger: Logger) async throws {
        try await query("SET LOCAL lock_timeout TO DEFAULT", logger: logger)
    }
}
