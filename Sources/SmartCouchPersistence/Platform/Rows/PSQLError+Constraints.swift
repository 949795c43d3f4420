import PostgresNIO
import SmartCouchDomain

extension PSQLError {
    var sqlState: String? { serverInfo?[.sqlState] }
    var constraintName: String? { serverInfo?[.constraintName] }

    var isUniqueViolation: Bool { sqlState == "23505" }
    var isExclusionViolation: Bool { sqlState == "23P01" }
    var isForeignKeyViolation: Bool { sqlState == "23503" }
    /// Two transactions inserting overlapping rows at once can each wait for the other's outcome
    /// on the exclusion constraint; PostgreSQL then aborts one of them.
    var isDeadlock: Bool { sqlState == "40P01" }
}

/// Runs `body` again, five tries in all, when PostgreSQL aborted it as a deadlock victim: a
/// booking or block and a racing one each waited for the other's overlapping row (or turnover
/// nights). By the next try the other has decided, and the answer is its. A deadlock on the last
/// try is the database too busy (503), not a failure.
func retryingDeadlocks<T>(_ body: () async throws -> T) async throws -> T {
    for attempt in 1... {
        do {
            return try await body()
        } catch let error as PSQLError where error.isDeadlock && attempt < 5 {
            continue
        }
    }
    preconditionFailure("the loop returns or throws")
}
