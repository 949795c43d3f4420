import ArgumentParser
import Foundation
import Logging
import SmartCouchDomain
import SmartCouchHTTP
import SmartCouchPersistence
import SmartCouchServices

@main
struct SmartCouchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "smartcouch",
        abstract: "The SmartCouch booking server.",
        subcommands: [Serve.self, Demo.self, Migrate.self, Promote.self, ExplainSearch.self],
        defaultSubcommand: Serve.self)
}

/// Where the embedded PostgreSQL keeps its data when DATABASE_URL is unset.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Data directory of the embedded PostgreSQL, used when DATABASE_URL is unset.")
    var dataDirectory = ".smartcouch/postgres"

    var url: URL { URL(fileURLWithPath: dataDirectory, isDirectory: true) }
}

/// Runs `body` with the configuration and an open database, closing it however `body` ends.
/// Failures print as one line, not a stack.
func withDatabase(
    _ dataDirectory: URL, environment: [String: String] = ProcessInfo.processInfo.environment,
    _ body: (Configuration, DatabaseHost, Logger) async throws -> Void
) async throws {
    try bootstrapLogging()
    let logger = Logger(label: "smartcouch")
    do {
        let configuration = try Configuration.fromEnvironment(environment, logger: logger)
        let host = try await DatabaseHost.open(configuration: configuration, dataDirectory: dataDirectory, logger: logger)
        do {
            try await body(configuration, host, logger)
        } catch {
            await host.close()
            throw error
        }
        await host.close()
    } catch let error as ValidationError {
        throw error
    } catch {
        logger.critical("\(String(reflecting: error))")
        throw ExitCode.failure
    }
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the HTTP server (migrating the database first).")

    @Option(help: "Address to listen on (default HOSTNAME or 127.0.0.1).") var hostname: String?
    @Option(help: "Port to listen on (default PORT or 8080).") var port: Int?
    @Flag(name: .customLong("no-migrate"), help: "Do not apply pending migrations at start.") var noMigrate = false
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await withDatabase(database.url) { configuration, host, logger in
            if !noMigrate { try await host.migrate(configuration: configuration, logger: logger) }
            try await SmartCouchHTTP.serve(
                configuration: configuration, database: host.database,
                hostname: hostname ?? configuration.hostname, port: port ?? configuration.port)
        }
    }
}

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply pending database migrations and exit.")
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await withDatabase(database.url) { configuration, host, logger in
            try await host.migrate(configuration: configuration, logger: logger)
        }
    }
}

struct Promote: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Make the user with this email an operator.")
    @Argument(help: "The user's email.") var email: String
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await withDatabase(database.url) { configuration, host, logger in
            try await host.migrate(configuration: configuration, logger: logger)
            let users = UserRepository(client: host.database.client, logger: logger)
            guard try await users.promote(email: email) else {
                throw ValidationError("no user has the email \(email)")
            }
            print("\(email) is now an operator")
        }
    }
}
