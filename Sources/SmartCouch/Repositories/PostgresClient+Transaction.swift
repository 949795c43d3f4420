import Logging
import PostgresNIO

extension PostgresClient {
    /// `withTransaction`, except that an error thrown inside the transaction comes out as itself
    /// once the transaction is rolled back, not wrapped in `PostgresTransactionError`: callers can
    /// then catch a constraint violation, and a domain error reaches the client as what it is.
    func transaction<Result>(
        logger: Logger,
        _ body: (PostgresConnection) async throws -> sending Result
    ) async throws -> sending Result {
        do {
            return try await withTransaction(logger: logger, body)
        } catch let error as PostgresTransactionError where error.rollbackError == nil {
            throw error.closureError ?? error
        }
    }
}
