import Foundation
import Logging
import SmartCouchPersistence

extension DatabaseHost {
    /// The database the configuration names, or the embedded cluster in `dataDirectory`.
    package static func open(configuration: Configuration, dataDirectory: URL, logger: Logger) async throws -> DatabaseHost {
        try await open(url: configuration.databaseURL, bounds: configuration.database, dataDirectory: dataDirectory, logger: logger)
    }

    package func migrate(configuration: Configuration, logger: Logger) async throws {
        try await migrate(from: configuration.projectFiles.migrations, bounds: configuration.database, logger: logger)
    }
}
