import Foundation
import Logging
import ServiceLifecycle
import SmartCouchBootstrap
import SmartCouchDomain
import Vapor

/// Sets up logging once per process from `LOG_LEVEL` (default info, notice in production) and
/// `LOG_FORMAT` (`text` for a terminal, the default, or `json`), with credentials masked in every line.
package func bootstrapLogging() throws {
    let variables = ProcessInfo.processInfo.environment
    if let level = variables["LOG_LEVEL"]?.trimmingCharacters(in: .whitespaces), !level.isEmpty,
        Logger.Level(rawValue: level.lowercased()) == nil
    {
        throw ConfigurationError("LOG_LEVEL must be \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")), not \(level)")
    }
    let format = variables["LOG_FORMAT"]?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
    guard ["", "text", "json"].contains(format) else {
        throw ConfigurationError("LOG_FORMAT must be text or json, not \(variables["LOG_FORMAT"] ?? "")")
    }
    let mode = variables["APP_ENV"] ?? Settings.Mode.development.rawValue
    var environment = Vapor.Environment(name: mode, arguments: ["smartcouch"])
    try LoggingSystem.bootstrap(from: &environment) { level in
        if format == "json" {
            return { label in RedactingLogHandler(wrapped: JSONLogHandler(label: label, logLevel: level)) }
        }
        let console = Terminal()
        // Made once: Vapor makes a logger for every request, and each would build its own.
        let fragment = defaultLoggerFragment()
        return { label in RedactingLogHandler(wrapped: ConsoleLogger(fragment: fragment, label: label, console: console, level: level)) }
    }
}

/// The environment's services and the HTTP server in one group, after `first` (a trace exporter).
/// Its graceful shutdown (the caller's to trigger, on a signal) stops them in reverse: the server
/// drains, the workers stop, the database closes, the exporter sends what it still holds.
/// `running` follows which of them still run.
package func serverGroup(
    _ environment: ServerEnvironment, hostname: String, port: Int, logger: Logger, first: [any Service] = [],
    running: RunningServices
) async throws -> ServiceGroup {
    let vapor = Vapor.Environment(name: environment.settings.mode.rawValue, arguments: ["smartcouch"])
    let server = try await HTTPServer.make(environment, vapor: vapor, hostname: hostname, port: port)
    return ServiceGroup(configuration: .init(services: running.track(first + environment.services + [server]), logger: logger))
}
