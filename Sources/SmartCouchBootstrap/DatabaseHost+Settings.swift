import Foundation
import Logging
import SmartCouchPersistence

extension DatabaseHost {
    /// The database the settings name, or the embedded cluster in `dataDirectory`.
    package static func open(settings: Settings, dataDirectory: URL, logger: Logger) async throws -> DatabaseHost {
        try await open(url: settings.databaseURL, dataDirectory: dataDirectory, logger: logger)
    }

    package func migrate(settings: Settings) async throws {
        try await migrate(from: settings.projectFiles.migrations, bounds: settings.database)
    }

    /// The server's pool, bounded as the settings say.
    package func database(settings: Settings) throws -> Database {
        try database(bounds: settings.database)
    }
}
