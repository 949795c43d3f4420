import Logging
import PostgresNIO
import SmartCouchDomain
import Synchronization
import Tracing

/// PostgresNIO's client as repositories use it, with every wait for a connection bounded.
///
/// PostgresNIO queues a lease until a connection comes free or can be made, however long that is:
/// with PostgreSQL stopped it keeps retrying for a minute before it gives up, and under overload
/// its queue has no end. Here a call waits at most the bound for its kind of work, and a request
/// finding too many others already waiting is refused at once (load shedding). Statements and
/// row locks are bounded by the session's `statement_timeout` and `lock_timeout` (see `Database`).
package struct DatabasePool: Sendable {
    let client: PostgresClient
    let bounds: DatabaseBounds
    /// Ends pool waits at their bound; its `run()` goes for as long as the pool does.
    let alarm = Alarm()
    /// The shapes a transaction's statements took on each connection (`prepared(_:on:logger:)`).
    let shapes = ConnectionShapes()
    private let waiting = WaitingCount()
    private let counts = PoolFigures()
    /// Opens when the client runs. The services of a group start together, so a lease may come
    /// first; it waits here, within its bound, rather than in the client, which warns about it.
    private let running = Gate()
    private let logger: Logger

    init(client: PostgresClient, bounds: DatabaseBounds, logger: Logger) {
        self.client = client
        self.bounds = bounds
        self.logger = logger
    }

    /// Calls waiting for a connection or working on one now (what load shedding counts).
    package var callsInFlight: Int { waiting.current }

    /// What the pool is doing now, and has refused so far, for the server's metrics.
    package var figures: DatabasePoolFigures {
        DatabasePoolFigures(
            size: bounds.poolSize, inUse: counts.inUse.load(ordering: .relaxed), waiting: counts.waiting.load(ordering: .relaxed),
            refusedOverloaded: counts.overloaded.load(ordering: .relaxed), refusedWait: counts.expired.load(ordering: .relaxed))
    }

    /// The client and the alarm, until cancelled.
    func run() async {
        async let ticking: Void = alarm.run()
        // Run synchronously up to its first suspension, by which point the client counts as
        // running: the leases the gate lets through then neither wait nor warn.
        let closed = ResumeOnce()
        let serving = Task.immediate { [client] in
            await client.run()
            closed.resume()
        }
        running.open()
        await withTaskCancellationHandler {
            await closed.wait()
        } onCancel: { [running, logger] in
            running.close()
            serving.cancel()
            // A client that never finishes closing must not keep the server from stopping.
            Task {
                try? await Task.sleep(for: .seconds(10))
                if closed.resume() {
                    logger.error("the database client had not closed 10 s after the stop; the server stops without it")
                }
            }
        }
        await ticking
    }

    /// Runs one statement; its rows stream on the leased connection, which goes back to the pool
    /// once they are read.
    @discardableResult
    package func query(_ query: PostgresQuery, logger: Logger? = nil, file: String = #fileID, line: Int = #line) async throws -> PostgresRowSequence {
        // Interrupting this call is safe at any point: cancelling it ends a wait for a connection;
        // a statement already sent runs to its end (or its statement_timeout) regardless.
        try await withSpan("db.query", ofKind: .client) { span in
            if span.isRecording {
                span.attributes["db.system.name"] = "postgresql"
                // The statement with its placeholders: never a bound value.
                span.attributes["db.query.text"] = query.sql
            }
            return try await bounded { [client] _ in try await client.query(query, logger: logger, file: file, line: line) }
        }
    }

    /// Runs a statement PostgreSQL parses and plans once per connection instead of at every call:
    /// for the statements every console page asks, which cost more to plan than to run. As for
    /// `withConnection`, the pool's bound is on the wait for a connection, not on the statement.
    ///
    /// PostgresNIO keeps a preparation that failed (its wait for a lock a migration held ran out,
    /// say) failed on that connection for as long as it lives, and answers that error again at
    /// once. So a statement the server refused runs again as a plain one, on whichever connection
    /// comes: a refused statement changed nothing, and its answer is then the plain one's, rows or
    /// error. One that ran out of time while it ran is tried once more too: its error is the same
    /// as a preparation's that ran out of time waiting for a lock.
    ///
    /// Each statement names itself (`static let name`), short and unlike any other: PostgreSQL
    /// cuts a name at 63 bytes, and PostgresNIO finds a prepared statement by its name alone, so
    /// a second statement under a taken name would run the first one's text. Such a statement
    /// runs plainly instead (and stops a debug build).
    package func prepared<Statement: PostgresPreparedStatement>(_ statement: Statement, logger: Logger? = nil) async throws -> [Statement.Row]
    where Statement.Row: Sendable {
        let logger = logger ?? self.logger
        guard PreparedNames.claim(Statement.name, for: Statement.sql) else {
            assertionFailure("the prepared statement name \(Statement.name) is too long or taken by another statement")
            return try await plainly(statement, logger: logger)
        }
        do {
            return try await withSpan("db.query", ofKind: .client) { span in
                if span.isRecording {
                    span.attributes["db.system.name"] = "postgresql"
                    span.attributes["db.query.text"] = Statement.sql
                }
                return try await withConnection { connection in
                    var rows: [Statement.Row] = []
                    for try await row in try await connection.execute(statement, logger: logger) { rows.append(row) }
                    return rows
                }
            }
        } catch let refusal as PSQLError where refusal.code == .server {
            return try await plainly(statement, logger: logger)
        }
    }

    /// `fragment`'s rows, its shape kept prepared (`SQLFragment.shaped`) like the fixed statements.
    func prepared(_ fragment: SQLFragment, logger: Logger? = nil) async throws -> [PostgresRow] {
        let (shape, bindings) = try fragment.shaped()
        return try await ShapedStatement.$shape.withValue(shape) { try await prepared(ShapedStatement(bindings: bindings), logger: logger) }
    }

    private func plainly<Statement: PostgresPreparedStatement>(_ statement: Statement, logger: Logger) async throws -> [Statement.Row] {
        var rows: [Statement.Row] = []
        let plain = PostgresQuery(unsafeSQL: Statement.sql, binds: try statement.makeBindings())
        for try await row in try await query(plain, logger: logger) { rows.append(try statement.decodeRow(row)) }
        return rows
    }

    /// `body` on a connection of its own for as long as it runs.
    package func withConnection<Result: Sendable>(_ body: @Sendable (PostgresConnection) async throws -> Result) async throws -> Result {
        try await bounded { [client] lease in
            try await client.withConnection { connection in
                try lease.acquired()
                return try await body(connection)
            }
        }
    }

    /// `body` inside a transaction, committed when it returns and rolled back when it throws. An
    /// error thrown inside comes out as itself, not wrapped in `PostgresTransactionError`, so that
    /// callers can catch a constraint violation and a domain error reaches the client as it is.
    package func transaction<Result: Sendable>(
        logger: Logger, _ body: @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        do {
            return try await withSpan("db.transaction", ofKind: .client) { span in
                if span.isRecording { span.attributes["db.system.name"] = "postgresql" }
                return try await withConnection { connection in
                    try await connection.withTransaction(logger: logger) { try await body($0) }
                }
            }
        } catch let error as PostgresTransactionError where error.rollbackError == nil {
            throw error.closureError ?? error
        }
    }

    /// Runs `operation` in a child task and stops waiting for its connection after the bound. Once
    /// `operation` reports its lease acquired, the bound no longer applies: work on a connection is
    /// never interrupted half-way (a transaction ends by commit or rollback, nothing else).
    private func bounded<Result: Sendable>(_ operation: @Sendable (Lease) async throws -> Result) async throws -> Result {
        let work = DatabaseWork.current
        if work == .request, bounds.maxWaiting > 0 {
            guard waiting.enter(limit: bounds.poolSize + bounds.maxWaiting) else {
                counts.overloaded.add(1, ordering: .relaxed)
                throw DatabaseUnavailable(.overloaded)
            }
        } else {
            _ = waiting.enter(limit: .max)
        }
        defer { waiting.leave() }
        let wait = bounds.poolWait(for: work)
        let lease = Lease(figures: counts)
        defer { lease.finished() }
        // The group ends only when both children have, so `operation` never outlives this call.
        return try await withoutActuallyEscaping(operation) { operation in
            try await withThrowingTaskGroup(of: Result?.self) { group in
                group.addTask { [running] in
                    try await running.passed()
                    return try await operation(lease)
                }
                group.addTask { [alarm] in
                    try await alarm.sleep(until: .now + wait)
                    return nil
                }
                var expired = false
                do {
                    while let next = try await group.next() {
                        if let result = next {
                            group.cancelAll()
                            return result
                        }
                        // The timer fired. If the connection has not come, stop waiting for it.
                        if lease.expire() {
                            expired = true
                            group.cancelAll()
                        }
                    }
                } catch {
                    // After the timer, an error that is not PostgreSQL's own answer to a statement is
                    // the lease giving up; PostgreSQL's answers (a constraint, a timeout) stay as they are.
                    let answeredByServer = (error as? PSQLError)?.serverInfo?[.sqlState] != nil
                    if expired, !answeredByServer, DatabaseUnavailable(classifying: error) == nil {
                        counts.expired.add(1, ordering: .relaxed)
                        throw DatabaseUnavailable(.poolWait)
                    }
                    // A closing pool fails its callers in its own ways (its shutdown, cancellation, a
                    // closed connection); whatever the work was, it was not done.
                    if running.isClosed, !answeredByServer, !(error is AppError) { throw DatabaseUnavailable(.stopping) }
                    throw error
                }
                counts.expired.add(1, ordering: .relaxed)
                throw DatabaseUnavailable(.poolWait)
            }
        }
    }
}

/// Whether a call got its connection before its bound ran out; whichever happens first wins.
private final class Lease: Sendable {
    private enum State { case waiting, acquired, expired }
    private let state = Mutex(State.waiting)
    /// Counts it waiting from the start, in use once it has its connection, neither when finished.
    private let figures: PoolFigures
    private let inUse = Atomic(false)

    init(figures: PoolFigures) {
        self.figures = figures
        figures.waiting.add(1, ordering: .relaxed)
    }

    /// Called on the leased connection before any work; throws when the bound already ran out, so
    /// that nothing is done on a connection whose caller has given up.
    func acquired() throws {
        let won = state.withLock { state in
            guard state == .waiting else { return false }
            state = .acquired
            return true
        }
        if !won { throw DatabaseUnavailable(.poolWait) }
        counted()
    }

    private func counted() {
        guard !inUse.exchange(true, ordering: .relaxed) else { return }
        figures.waiting.subtract(1, ordering: .relaxed)
        figures.inUse.add(1, ordering: .relaxed)
    }

    func finished() {
        if inUse.load(ordering: .relaxed) {
            figures.inUse.subtract(1, ordering: .relaxed)
        } else {
            figures.waiting.subtract(1, ordering: .relaxed)
        }
    }

    /// True when the bound ran out before the connection came.
    func expire() -> Bool {
        state.withLock { state in
            guard state == .waiting else { return false }
            state = .expired
            return true
        }
    }
}

/// Calls waiting for (or, for single statements, running on) a connection right now.
private final class WaitingCount: Sendable {
    private let count = Atomic(0)

    /// Counts the caller in unless that would exceed `limit`.
    func enter(limit: Int) -> Bool {
        let now = count.add(1, ordering: .relaxed).newValue
        if now > limit {
            count.subtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    func leave() { count.subtract(1, ordering: .relaxed) }

    var current: Int { count.load(ordering: .relaxed) }
}

/// The pool's figures as its callers see them: every call through `bounded`.
private final class PoolFigures: Sendable {
    let waiting = Atomic(0)
    let inUse = Atomic(0)
    let overloaded = Atomic(0)
    let expired = Atomic(0)
}

package struct DatabasePoolFigures: Sendable, Equatable {
    /// Connections the pool may open.
    package var size: Int
    /// Calls working on a leased connection now (transactions and the like).
    package var inUse: Int
    /// Calls waiting for a connection now. PostgresNIO leases and runs a single statement in one
    /// call, so one counts here until its first rows arrive.
    package var waiting: Int
    /// Calls refused at once because too many were waiting already.
    package var refusedOverloaded: Int
    /// Calls that gave up waiting at their bound.
    package var refusedWait: Int
}

/// The names prepared statements have been run under, each with its text.
private enum PreparedNames {
    private static let taken = Mutex<[String: String]>([:])

    /// Whether `name` fits PostgreSQL's 63 bytes and names `sql` alone.
    static func claim(_ name: String, for sql: String) -> Bool {
        guard name.utf8.count <= 63 else { return false }
        return taken.withLock { names in
            if let held = names[name] { return held == sql }
            names[name] = sql
            return true
        }
    }
}
