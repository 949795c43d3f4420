import Foundation
import PostgresNIO
import ServiceLifecycleTestKit
import TestSupport
import Testing

@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

/// The scheduler's runs of a job as the database keeps them, and a run left behind by a server that died.
enum JobRuns {
    static func runs(_ server: TestServer, job: String) async throws -> [JobRun] {
        try await JobRunRepository(client: server.database.client, logger: TestDatabases.logger)
            .runs(job: job, before: nil, limit: 200).items
    }

    /// What a server that died mid-run leaves behind.
    static func abandonedRun(_ server: TestServer, job: String) async throws -> UUID {
        let rows = try await server.database.client.query(
            """
            INSERT INTO job_runs (job, trigger, started_at, status) VALUES (\(job), 'operator', now() - interval '1 hour', 'running')
            RETURNING id
            """, logger: TestDatabases.logger)
        return try await rows.decode(UUID.self).only("inserted row")
    }
}
