import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PostgresNIO
import ServiceLifecycle
import Synchronization
import TestSupport
import Testing
import Vapor

@testable import SmartCouchBootstrap
@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

/// A SmartCouch server on a free loopback port with a database of its own, driven over real HTTP.
final class TestServer: ServerDriver {
    let app: Application
    let database: Database
    let databaseName: String
    let databaseConfiguration: PostgresClient.Configuration
    let baseURL: String
    let clock: TestClock
    let configuration: Settings
    let environment: ServerEnvironment

    /// Runs `body` against a fresh server; `adjust` changes the configuration first.
    static func with(
        _ adjust: (inout Settings) -> Void = { _ in },
        _ body: (TestServer) async throws -> Void
    ) async throws {
        try await Admission.shared.whileAdmitted {
            let (name, databaseConfiguration) = try await Progress.step("a test database is created") {
                try await TestDatabases.shared.create()
            }
            do {
                try await run(on: name, databaseConfiguration, clock: TestClock(), adjust, body)
            } catch {
                try await Progress.step("the test database is dropped") { await TestDatabases.shared.drop(name) }
                throw error
            }
            try await Progress.step("the test database is dropped") { await TestDatabases.shared.drop(name) }
        }
    }

    /// Runs `body` against a second server on this one's database, as two instances behind a load
    /// balancer run; it is shut down afterwards, and the database stays.
    func alongside(
        _ adjust: (inout Settings) -> Void = { _ in },
        _ body: (TestServer) async throws -> Void
    ) async throws {
        try await Self.run(on: databaseName, databaseConfiguration, clock: clock, adjust, body)
    }

    private static func run(
        on name: String, _ databaseConfiguration: PostgresClient.Configuration, clock: TestClock,
        _ adjust: (inout Settings) -> Void, _ body: (TestServer) async throws -> Void
    ) async throws {
        var configuration = try Settings.fromEnvironment(
            [
                "APP_ENV": "testing",
                "JWT_SECRET": "test-secret-\(name)",
                "BCRYPT_COST": "4",
                // The same on every server of one database, as in production: each opens what another sealed.
                "SECRETS_KEY": Data((name + String(repeating: "-", count: 32)).utf8.prefix(32)).base64EncodedString(),
                // The simulator a host names as their hub, or as a channel's calendar, listens on 127.0.0.1.
                "OUTBOUND_ALLOW_PRIVATE": "hub,calendar",
                // Far above what a hub call takes, so a loaded machine does not fail them; tests of
                // timeouts set their own.
                "OPENHAB_TIMEOUT_MS": "15000",
                "SMARTCOUCH_ROOT": TestDatabases.projectFiles.contract.deletingLastPathComponent().path,
                "IMAGES_DIR": FileManager.default.temporaryDirectory.appendingPathComponent("smartcouch-images-\(name)").path
            ], logger: TestDatabases.logger)
        configuration.now = { clock.now }
        // Tests of the scheduler turn it on; elsewhere a moved clock should not start jobs.
        configuration.runsScheduledJobs = false
        // Tests of hub events turn them on; elsewhere every home would hold a stream open.
        configuration.hubEvents.enabled = false
        // Tests of events and webhooks turn them on; elsewhere every server would poll the outbox.
        configuration.events.enabled = false
        configuration.webhooks.enabled = false
        // Tests of door codes following stays turn it on; elsewhere a test runs the job when it means to.
        configuration.doorCodesFollowStays = false
        // Tests of automations turn them on; elsewhere a moved clock should not fire triggers.
        configuration.automations.enabled = false
        adjust(&configuration)
        let settings = configuration
        let database = Database(databaseConfiguration, bounds: settings.database, logger: TestDatabases.logger)
        let environment = try await ServerEnvironment(
            settings: settings, database: database, passwords: try await .bcrypt(cost: settings.bcryptCost), logger: TestDatabases.logger)
        // The group production runs, without its signals: the database, the workers, then HTTP.
        let bound = AsyncStream.makeStream(of: Int.self)
        let http = try await HTTPServer.make(
            environment, vapor: .testing, hostname: "127.0.0.1", port: 0, logger: TestDatabases.logger,
            listening: {
                bound.continuation.yield($0)
                bound.continuation.finish()
            })
        let services = RunningServices()
        let group = ServiceGroup(configuration: .init(services: services.track(environment.services + [http]), logger: TestDatabases.logger))
        // Unstructured, and awaited through a stream with a bound: a server that does not start or
        // stop fails its test, saying which, instead of hanging the whole run.
        let (stopped, didStop) = AsyncStream.makeStream(of: Never.self)
        let running = Task {
            defer {
                bound.continuation.finish()
                didStop.finish()
            }
            try await group.run()
        }
        func stop() async throws {
            try await Progress.step("the server stops") {
                await group.triggerGracefulShutdown()
                do {
                    try await awaitEnd(of: stopped, within: .seconds(90), "the server's services stop after a graceful shutdown")
                } catch {
                    throw TestFailure("\(error); still running: \(services.names)")
                }
                try? FileManager.default.removeItem(at: settings.imagesDirectory)
                try await running.value
            }
        }
        do {
            let port = try await Progress.step("the server starts listening") {
                try await awaitFirst(of: bound.stream, within: .seconds(90), "the server listens")
            }
            let server = TestServer(
                app: http.app, database: database, databaseName: name, databaseConfiguration: databaseConfiguration,
                baseURL: "http://127.0.0.1:\(port)", clock: clock, configuration: settings, environment: environment)
            // The scheduler's first work (failing runs a dead server left) is done, as a test's
            // first request expects of a server that has been up a while.
            let scheduler = try #require(environment.services.lazy.compactMap { $0 as? Scheduler }.first)
            // A start among a whole suite's on two cores may wait its turn for the database.
            try await Progress.step("the scheduler recovers") {
                try await eventually(within: .seconds(120), "the scheduler has recovered abandoned runs") { await scheduler.hasRecovered }
            }
            try await Progress.step("the test runs against its server") { try await body(server) }
        } catch {
            try? await stop()
            throw error
        }
        try await stop()
    }

    private init(
        app: Application, database: Database, databaseName: String, databaseConfiguration: PostgresClient.Configuration,
        baseURL: String, clock: TestClock, configuration: Settings, environment: ServerEnvironment
    ) {
        self.app = app
        self.database = database
        self.databaseName = databaseName
        self.databaseConfiguration = databaseConfiguration
        self.baseURL = baseURL
        self.clock = clock
        self.configuration = configuration
        self.environment = environment
    }
}

/// The first element of `stream`; a failure when it ends first or nothing comes within `limit`.
func awaitFirst<Element: Sendable>(of stream: AsyncStream<Element>, within limit: Duration, _ what: String) async throws -> Element {
    try await withThrowingTaskGroup(of: Element?.self) { group in
        group.addTask {
            var iterator = stream.makeAsyncIterator()
            guard let first = await iterator.next() else { throw TestFailure("\(what): it ended first") }
            return first
        }
        group.addTask {
            try await Task.sleep(for: limit)
            throw TestFailure("\(what): not within \(limit)")
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() ?? nil else { throw TestFailure("\(what): cancelled") }
        return first
    }
}

/// Returns when `stream` ends; a failure when it has not within `limit`.
func awaitEnd(of stream: AsyncStream<Never>, within limit: Duration, _ what: String) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { for await _ in stream {} }
        group.addTask {
            try await Task.sleep(for: limit)
            throw TestFailure("\(what): not within \(limit)")
        }
        defer { group.cancelAll() }
        try await group.next()
    }
}

extension TestServer {
    /// This server's listener to hubs' event streams.
    var hubEventListener: HubEventListener {
        get throws { try #require(environment.services.lazy.compactMap { $0 as? HubEventListener }.first) }
    }

    /// Waits until the listener has looked at the hubs twice more: whatever it would take on or
    /// let go, it has.
    func hubEventsRescanned() async throws {
        let listener = try hubEventListener
        let start = await listener.rescans
        try await eventually("the hub event listener rescans twice") { await listener.rescans >= start + 2 }
    }
}

struct TestResponse: Sendable {
    let status: HTTPResponseStatus
    let headers: HTTPHeaders
    let body: Data

    /// The body as a JSON object.
    var json: [String: Any] {
        get throws {
            guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                throw TestFailure("body is not a JSON object: \(text)")
            }
            return object
        }
    }

    var jsonArray: [[String: Any]] {
        get throws {
            guard let array = try JSONSerialization.jsonObject(with: body) as? [[String: Any]] else {
                throw TestFailure("body is not a JSON array: \(text)")
            }
            return array
        }
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// Asserts the status, saying what came instead.
    @discardableResult
    func expect(_ status: HTTPResponseStatus, sourceLocation: SourceLocation = #_sourceLocation) -> TestResponse {
        #expect(self.status == status, "expected \(status.code), got \(self.status.code): \(text)", sourceLocation: sourceLocation)
        return self
    }

    /// Asserts the response is an RFC 9457 problem with this status and returns its fields.
    @discardableResult
    func problem(_ status: HTTPResponseStatus, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        #expect(self.status == status, "expected \(status.code), got \(self.status.code): \(text)", sourceLocation: sourceLocation)
        #expect(headers.first(name: "Content-Type") == "application/problem+json", sourceLocation: sourceLocation)
        let problem = try json
        #expect(problem["status"] as? Int == Int(status.code), sourceLocation: sourceLocation)
        #expect((problem["title"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
        #expect((problem["detail"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
        #expect(problem["type"] is String, sourceLocation: sourceLocation)
        return problem
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
