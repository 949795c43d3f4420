import Foundation

/// How long work may wait on the database before it gives up and says so, instead of holding a
/// client (and memory) for as long as the database is away or busy.
package struct DatabaseBounds: Sendable {
    /// Connections in the pool (`DATABASE_POOL_SIZE`). At least 2: a job run holds one for its
    /// advisory lock and does its work on others.
    package var poolSize = 20
    /// How long a request waits for a pooled connection (`DATABASE_POOL_WAIT_MS`).
    package var poolWait: Duration = .seconds(5)
    /// `statement_timeout` of every session (`DATABASE_STATEMENT_TIMEOUT_MS`).
    package var statement: Duration = .seconds(5)
    /// `lock_timeout` of every session (`DATABASE_LOCK_TIMEOUT_MS`): shorter than the statement
    /// bound, so that a statement stuck behind a row lock fails as that, not as a slow statement.
    package var lock: Duration = .seconds(2)
    /// Requests waiting for a connection beyond which more are refused at once
    /// (`DATABASE_MAX_WAITING`; 0 turns shedding off). A queue this long still drains well within
    /// the pool wait (20 connections serve hundreds of searches and thousands of bookings a second),
    /// so a burst is served, not refused; what is refused would mostly have timed out waiting.
    package var maxWaiting = 256
    /// Jobs wait longer for a connection than requests: nobody is waiting on a phone, and a run
    /// that rides out a busy minute is better than a failed one. They are never shed.
    package var jobPoolWait: Duration = .seconds(30)
    /// Migrations may rebuild indexes on large tables and wait behind long transactions at start.
    package var migrationStatement: Duration = .seconds(600)
    package var migrationLock: Duration = .seconds(60)

    package init() {}

    /// For creating and dropping databases, where waiting behind others doing the same is normal.
    package static let administration: DatabaseBounds = {
        var bounds = DatabaseBounds()
        bounds.poolWait = .seconds(600)
        bounds.statement = .seconds(600)
        bounds.lock = .seconds(600)
        bounds.maxWaiting = 0
        return bounds
    }()
}
