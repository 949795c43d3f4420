import ArgumentParser
import Foundation
import Logging
import SmartCouchBootstrap
import SmartCouchDomain
import SmartCouchHTTP
import SmartCouchPersistence
import SmartCouchServices

@main
struct SmartCouchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "smartcouch",
        abstract: "The SmartCouch booking server.",
        subcommands: [Serve.self, Demo.self, Migrate.self, Promote.self, ExplainSearch.self, EventParsingBenchmark.self],
        defaultSubcommand: Serve.self)
}

/// Where the embedded PostgreSQL keeps its data when DATABASE_URL is unset.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Data directory of the embedded PostgreSQL, used when DATABASE_URL is unset.")
    var dataDirectory = ".smartcouch/postgres"

    var url: URL { URL(fileURLWithPath: dataDirectory, isDirectory: true) }
}

/// Runs `body` with the settings and an open database, closing it however `body` ends.
/// Failures print as one line, not a stack.
func withDatabase(
    _ dataDirectory: URL, environment: [String: String] = ProcessInfo.processInfo.environment,
    _ body: (Settings, DatabaseHost, Logger) async throws -> Void
) async throws {
    StopSignals.install()
    try bootstrapLogging()
    let logger = Logger(label: "smartcouch")
    do {
        let settings = try Settings.fromEnvironment(environment, logger: logger)
        let host = try await DatabaseHost.open(settings: settings, dataDirectory: dataDirectory, logger: logger)
        do {
            try StopSignals.shared.check()
            try await body(settings, host, logger)
        } catch {
            await host.close()
            throw error
        }
        await host.close()
    } catch let error as ValidationError {
        throw error
    } catch is StopRequested {
        logger.notice("stopped before the server started")
    } catch {
        logger.critical("\(String(reflecting: error))")
        throw ExitCode.failure
    }
}

/// The server on the host's database: the composition root's services and HTTP, until a signal.
func runServer(_ settings: Settings, on host: DatabaseHost, hostname: String, port: Int, logger: Logger) async throws {
    try StopSignals.shared.check()
    let environment = try await ServerEnvironment(
        settings: settings, database: try host.database(settings: settings),
        passwords: try await .bcrypt(cost: settings.bcryptCost), logger: logger)
    let tracing = try bootstrapTracing(ProcessInfo.processInfo.environment, logger: logger)
    let running = RunningServices()
    let group = try await serverGroup(
        environment, hostname: hostname, port: port, logger: logger, first: tracing.map { [$0] } ?? [], running: running)
    let bound = StopBound(settings.drainDeadline + settings.stopBound, running: running, logger: logger)
    StopSignals.shared.onStop {
        bound.arm()
        Task { await group.triggerGracefulShutdown() }
    }
    defer { bound.disarm() }
    try await group.run()
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the HTTP server (migrating the database first).")

    @Option(help: "Address to listen on (default HOSTNAME or 127.0.0.1).") var hostname: String?
    @Option(help: "Port to listen on (default PORT or 8080).") var port: Int?
    @Flag(name: .customLong("no-migrate"), help: "Do not apply pending migrations at start.") var noMigrate = false
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await withDatabase(database.url) { settings, host, logger in
            if !noMigrate { try await host.migrate(settings: settings) }
            try await runServer(settings, on: host, hostname: hostname ?? settings.hostname, port: port ?? settings.port, logger: logger)
        }
    }
}

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply pending database migrations and exit.")
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await withDatabase(database.url) { settings, host, _ in
            try await host.migrate(settings: settings)
        }
    }
}

struct Promote: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Make the user with this email an operator.")
    @Argument(help: "The user's email.") var email: String
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await withDatabase(database.url) { settings, host, logger in
            try await host.migrate(settings: settings)
            let database = try host.database(settings: settings)
            let promoted = try await database.whileRunning {
                try await UserRepository(client: database.client, logger: logger).promote(email: email)
            }
            guard promoted else { throw ValidationError("no user has the email \(email)") }
            print("\(email) is now an operator")
        }
    }
}
