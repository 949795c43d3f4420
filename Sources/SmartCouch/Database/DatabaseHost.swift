import Foundation
import Logging

/// The database a command works on: the one `DATABASE_URL` names, or the embedded cluster in
/// `dataDirectory`, started if needed and stopped again by `close()` if this process started it.
public final class DatabaseHost: Sendable {
    public let location: DatabaseLocation
    public let database: Database
    private let startedCluster: EmbeddedPostgres?

    public static func open(configuration: Configuration, dataDirectory: URL, logger: Logger) async throws -> DatabaseHost {
        if let url = configuration.databaseURL {
            let location = DatabaseLocation.url(url)
            return DatabaseHost(location: location, database: Database(try location.configuration(), bounds: configuration.database, logger: logger), startedCluster: nil)
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
        return DatabaseHost(location: location, database: Database(try location.configuration(), bounds: configuration.database, logger: logger), startedCluster: started ? cluster : nil)
    }

    private init(location: DatabaseLocation, database: Database, startedCluster: EmbeddedPostgres?) {
        self.location = location
        self.database = database
        self.startedCluster = startedCluster
    }

    public func migrate(configuration: Configuration, logger: Logger) async throws {
        let migrations = try Migration.load(from: configuration.projectFiles.migrations)
        let applied = try await DatabaseWork.$current.withValue(.migration) {
            try await MigrationRunner(client: database.client, migrations: migrations, bounds: configuration.database, logger: logger).run()
        }
        logger.info("database is at migration \(migrations.count) (\(applied.count) applied now)")
    }

    public func close() async {
        await database.shutdown()
        await startedCluster?.stop()
    }
}
