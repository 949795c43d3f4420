import Foundation
import Logging
import ServiceLifecycle
import SmartCouchBootstrap
import Vapor

/// Sets up logging once per process from `LOG_LEVEL` (default info, notice in production), with
/// credentials masked in every line.
package func bootstrapLogging() throws {
    let mode = ProcessInfo.processInfo.environment["APP_ENV"] ?? Settings.Mode.development.rawValue
    var environment = Vapor.Environment(name: mode, arguments: ["smartcouch"])
    try LoggingSystem.bootstrap(from: &environment) { level in
        let console = Terminal()
        return { label in RedactingLogHandler(wrapped: ConsoleLogger(label: label, console: console, level: level)) }
    }
}

/// Runs the environment's services and the HTTP server in one group until SIGINT or SIGTERM,
/// then stops them in reverse: the server drains, the workers stop, the database closes.
package func serve(_ environment: ServerEnvironment, hostname: String, port: Int, logger: Logger) async throws {
    let vapor = Vapor.Environment(name: environment.settings.mode.rawValue, arguments: ["smartcouch"])
    let server = try await HTTPServer.make(environment, vapor: vapor, hostname: hostname, port: port)
    let group = ServiceGroup(configuration: .init(
        services: environment.services + [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    try await group.run()
}
