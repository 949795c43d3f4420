import Foundation
import Logging
import SmartCouchDomain
import SmartCouchPersistence
import SmartCouchServices
import Vapor

/// Sets up logging once per process from `LOG_LEVEL` (default info, notice in production), with
/// credentials masked in every line.
package func bootstrapLogging() throws {
    let mode = ProcessInfo.processInfo.environment["APP_ENV"] ?? Configuration.Mode.development.rawValue
    var environment = Vapor.Environment(name: mode, arguments: ["smartcouch"])
    try LoggingSystem.bootstrap(from: &environment) { level in
        let console = Terminal()
        return { label in RedactingLogHandler(wrapped: ConsoleLogger(label: label, console: console, level: level)) }
    }
}

/// Runs the HTTP server on an open, migrated database until SIGINT or SIGTERM.
package func serve(configuration: Configuration, database: Database, hostname: String, port: Int) async throws {
    let environment = Vapor.Environment(
        name: configuration.mode.rawValue,
        arguments: ["smartcouch", "serve", "--hostname", hostname, "--port", "\(port)"])
    let app = try await Application.make(environment)
    do {
        try await configure(app, configuration: configuration, database: database)
        // Vapor's serve command listens for SIGINT/SIGTERM and returns once the server has stopped.
        try await app.execute()
    } catch {
        try? await app.asyncShutdown()
        throw error
    }
    try await app.asyncShutdown()
}
