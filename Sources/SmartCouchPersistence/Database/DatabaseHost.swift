import Foundation
import Logging
import SmartCouchDomain

/// The database a command works on: the one `DATABASE_URL` names, or the embedded cluster in
/// `dataDirectory`, started if needed and stopped again by `close()` if this process started it.
package final class DatabaseHost: Sendable {
    package let location: DatabaseLocation
    package let database: Database
    private let startedCluster: EmbeddedPostgres?

    package static func open(url databaseURL: String?, bounds: DatabaseBounds, dataDirectory: URL, logger: Logger) async throws -> DatabaseHost {
        if let url = databaseURL {
            let location = DatabaseLocation.url(url)
            return DatabaseHost(location: location, database: Database(try location.configuration(), bounds: bounds, logger: logger), startedCluster: nil)
        }
        let cluster = try EmbeddedPostgres(dataDirectory: dataDirectory, logger: logger)
        let started = try await cluster.start()
        let location = DatabaseLocation.embedded(cluster)
        do {
            try await Database.createIfMissing("smartcouch", at: location, logger: logger)
        } catch {
            if started { await cluster.stop() }
            throw error
        }
        return DatabaseHost(location: location, database: Database(try location.configuration(), bounds: bounds, logger: logger), startedCluster: started ? cluster : nil)
    }

    private init(location: DatabaseLocation, database: Database, startedCluster: EmbeddedPostgres?) {
        self.location = location
        self.database = database
        self.startedCluster = startedCluster
    }

    /// Applies the migrations in `directory` that the database has not seen yet.
    package func migrate(from directory: URL, bounds: DatabaseBounds, logger: Logger) async throws {
        let migrations = try Migration.load(from: directory)
        let applied = try await DatabaseWork.$current.withValue(.migration) {
            try await MigrationRunner(client: database.client, migrations: migrations, bounds: bounds, logger: logger).run()
        }
        logger.info("database is at migration \(migrations.count) (\(applied.count) applied now)")
    }

    package func close() async {
        await database.shutdown()
        await startedCluster?.stop()
    }
}
