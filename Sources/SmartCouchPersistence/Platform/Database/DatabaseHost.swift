import Foundation
import Logging
import SmartCouchDomain

/// The database a command works on: the one `DATABASE_URL` names, or the embedded cluster in
/// `dataDirectory`, started if needed and shared with every other process using it; `close()`
/// stops it when this process is the last of them (see `ClusterUse`).
package final class DatabaseHost: Sendable {
    package let location: DatabaseLocation
    private let logger: Logger
    private let cluster: (EmbeddedPostgres, ClusterUse)?

    package static func open(url databaseURL: String?, dataDirectory: URL, logger: Logger) async throws -> DatabaseHost {
        if let url = databaseURL {
            let location = DatabaseLocation.url(url)
            _ = try location.configuration()
            return DatabaseHost(location: location, logger: logger, cluster: nil)
        }
        let cluster = try EmbeddedPostgres(dataDirectory: dataDirectory, logger: logger)
        let use = try await cluster.join()
        let location = DatabaseLocation.embedded(cluster)
        do {
            try await cluster.start()
            try await Database.createIfMissing("smartcouch", at: location, logger: logger)
        } catch {
            await cluster.leave(use)
            throw error
        }
        return DatabaseHost(location: location, logger: logger, cluster: (cluster, use))
    }

    private init(location: DatabaseLocation, logger: Logger, cluster: (EmbeddedPostgres, ClusterUse)?) {
        self.location = location
        self.logger = logger
        self.cluster = cluster
    }

    /// A pool on the database, to be run by its owner.
    package func database(bounds: DatabaseBounds) throws -> Database {
        Database(try location.configuration(), bounds: bounds, logger: logger)
    }

    /// Applies the migrations in `directory` that the database has not seen yet, on a pool of
    /// their own that is closed again before anything else starts.
    package func migrate(from directory: URL, bounds: DatabaseBounds) async throws {
        let migrations = try Migration.load(from: directory)
        let database = try database(bounds: bounds)
        let applied = try await database.whileRunning {
            try await DatabaseWork.$current.withValue(.migration) {
                try await MigrationRunner(client: database.client, migrations: migrations, bounds: bounds, logger: logger).run()
            }
        }
        logger.info("database is at migration \(migrations.count) (\(applied.count) applied now)")
    }

    package func close() async {
        guard let (cluster, use) = cluster else { return }
        await cluster.leave(use)
    }
}
