import Foundation
import Logging
import OpenHABSimulator
import PostgresNIO
import TestSupport
import Testing

@testable import SmartCouchBootstrap
@testable import SmartCouchDomain
@testable import SmartCouchHTTP
@testable import SmartCouchPersistence
@testable import SmartCouchServices

/// Bookings under load and a job run in progress, the server killed with SIGKILL mid-flight and its
/// database stopped as a power cut would stop it, then both restarted: what clients were told still
/// holds, and the interrupted run is marked failed.
@Suite(.admitted) struct CrashSafetyTests {
    enum Outcome: Sendable {
        case created(UUID)
        case refused(Int)
        /// The connection died with the server: the client cannot know what happened.
        case unanswered
    }

    struct Attempt: Sendable {
        var guest: Account
        var body: [String: String]
        var key: String
        var outcome: Outcome
    }

    static func environment(weather simulator: OpenHABSimulator) -> [String: String] {
        ServerProcess.environment([
            "ADMIN_EMAILS": "ops@example.com",
            "WEATHER_PROVIDER": "openmeteo",
            "WEATHER_BASE_URL": simulator.baseURL.absoluteString,
            "WEATHER_GEOCODING_URL": simulator.baseURL.absoluteString
        ])
    }

    @Test("every 201 survives SIGKILL and a database crash, nothing is booked twice, no stays overlap, the cut-off run is failed")
    func bookingsSurviveACrash() async throws {
        let simulator = try await OpenHABSimulator.start(configuration: SimulatorConfiguration(tokens: [Home.hubToken: .administrator]))
        do {
            try await crash(with: simulator)
        } catch {
            try? await simulator.shutdown()
            throw error
        }
        try await simulator.shutdown()
    }

    func crash(with simulator: OpenHABSimulator) async throws {
        let environment = Self.environment(weather: simulator)
        let dataDirectory = URL(fileURLWithPath: "/tmp/smartcouch-crash-\(UUID().uuidString.prefix(8))", isDirectory: true)
        let cluster = try EmbeddedPostgres(dataDirectory: dataDirectory, logger: TestDatabases.logger)
        // However this test ends, the cluster goes with the test process.
        try cluster.discardWhenProcessExits(getpid())
        let port = try ServerProcess.freePort()
        let arguments = ["serve", "--data-dir", dataDirectory.path]
        let output = dataDirectory.path + ".out"
        defer { try? FileManager.default.removeItem(atPath: output) }

        var server = try ServerProcess(arguments, port: port, output: output, environment: environment)
        try await server.waitUntilReady()
        let host = try await server.register("Hanna Host")
        var couches: [UUID] = []
        for _ in 0..<3 { couches.append(try await server.createCouch(by: host)) }
        var guests: [Account] = []
        for index in 0..<8 { guests.append(try await server.register("Guest \(index)")) }

        // A weather run that waits on a slow provider when the server dies.
        let home = try await server.connectHub(simulator, to: couches[0], of: host)
        let climate = try await server.createClimateDevices(in: home)
        let watcher = try await server.send(
            .PUT, "/home/watchers/\(climate.watcherId)",
            json: ServerProcess.watcherBody(heating: climate.heaterId, cooling: climate.coolerId), token: host.accessToken)
        #expect(watcher.status == .ok, "set thresholds: \(watcher.text)")
        try await home.control(.PUT, "/faults", #"{"latencyMs": 60000, "pathPattern": "^/v1/"}"#)
        let ops = try await server.register("Olga Ops", email: "ops@example.com")
        let dying = server
        let interruptedRun = Task { try? await dying.send(.POST, "/jobs/weather/run", token: ops.accessToken, timeout: .seconds(60)) }
        try await eventually(within: .seconds(30), "the weather job is running") {
            let runs = try await server.send(.GET, "/jobs/runs?job=weather", token: ops.accessToken).json["items"] as? [[String: Any]]
            return runs?.first?["status"] as? String == "running"
        }

        // Workers book overlapping dates without pause; the server dies under them.
        let attempts = Attempts()
        let running = server
        let bookable = couches
        let bookers = guests
        let workers = Task {
            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<16 {
                    group.addTask {
                        var random = SystemRandomNumberGenerator()
                        while true {
                            let checkIn = Int.random(in: 2...40, using: &random)
                            let attempt = Attempt(
                                guest: bookers[worker % bookers.count],
                                body: [
                                    "couchId": bookable.randomElement(using: &random)!.uuidString.lowercased(),
                                    "checkIn": WallClock.day(checkIn), "checkOut": WallClock.day(checkIn + Int.random(in: 1...4, using: &random))
                                ],
                                key: UUID().uuidString.lowercased(), outcome: .unanswered)
                            let outcome = await Self.book(attempt, on: running)
                            await attempts.append(Attempt(guest: attempt.guest, body: attempt.body, key: attempt.key, outcome: outcome))
                            if case .unanswered = outcome { return }
                        }
                    }
                }
            }
        }
        try await eventually(within: .seconds(60), "bookings are under way") { await attempts.all.count >= 30 }
        try await server.stop(SIGKILL)
        await workers.value
        #expect(await interruptedRun.value == nil, "the run's caller got no answer")
        _ = try await Subprocess.finished(cluster.command("pg_ctl", ["-D", dataDirectory.path, "-m", "immediate", "-w", "stop"]))

        server = try ServerProcess(arguments, port: port, output: output, environment: environment)
        try await server.waitUntilReady()
        // A client that got no answer retries with the same Idempotency-Key, as the contract tells it to.
        var settled = await attempts.all
        let unanswered = settled.indices.filter { if case .unanswered = settled[$0].outcome { true } else { false } }
        #expect(!unanswered.isEmpty, "the server was killed with requests in flight")
        for index in unanswered { settled[index].outcome = await Self.book(settled[index], on: server) }

        let created = settled.compactMap { if case .created(let id) = $0.outcome { id } else { nil } }
        #expect(created.count >= 3, "some bookings got through")
        #expect(settled.allSatisfy { if case .unanswered = $0.outcome { false } else { true } }, "every retry was answered")
        #expect(settled.allSatisfy { if case .refused(let status) = $0.outcome { status == 409 } else { true } }, "only date conflicts were refused")

        let settings = try Settings.fromEnvironment(environment, logger: TestDatabases.logger)
        let databaseHost = try await DatabaseHost.open(settings: settings, dataDirectory: dataDirectory, logger: TestDatabases.logger)
        let database = try databaseHost.database(settings: settings)
        let client = database.client
        try await database.whileRunning {
            let stored = try await Self.uuids("SELECT id FROM reservations WHERE status = 'confirmed'", client)
            #expect(Set(created).count == created.count, "no 201 was given twice for different requests")
            #expect(Set(stored) == Set(created), "every 201 is stored, and every stored booking was answered with a 201")
            let overlapping = try await Self.uuids(
                """
                SELECT a.id FROM reservations a JOIN reservations b
                  ON a.couch_id = b.couch_id AND a.id < b.id AND a.stay && b.stay
                WHERE a.status = 'confirmed' AND b.status = 'confirmed'
                """, client)
            #expect(overlapping.isEmpty)
        }
        await databaseHost.close()

        // The restarted server may have started a scheduled run meanwhile; the one asked for is the one cut off.
        let runs = try #require(try await server.send(.GET, "/jobs/runs?job=weather", token: ops.accessToken).json["items"] as? [[String: Any]])
            .filter { $0["trigger"] as? String != "schedule" }
        #expect(runs.count == 1)
        #expect(runs.first?["status"] as? String == "failed", "the restart failed the run the dead server left running")
        #expect((runs.first?["error"] as? String)?.contains("abandoned") == true)

        #expect(try await server.stop() == 0, "\(server.printed.suffix(4000))")
        _ = try await Subprocess.finished(cluster.command("pg_ctl", ["-D", dataDirectory.path, "-m", "fast", "-w", "stop"]))
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    actor Attempts {
        private(set) var all: [Attempt] = []
        func append(_ attempt: Attempt) { all.append(attempt) }
    }

    static func book(_ attempt: Attempt, on server: some ServerDriver) async -> Outcome {
        var body = attempt.body as [String: Any]
        body["guests"] = 2
        guard
            let response = try? await server.send(
                .POST, "/reservations", json: body, token: attempt.guest.accessToken, headers: [("Idempotency-Key", attempt.key)],
                timeout: .seconds(3))
        else {
            return .unanswered
        }
        guard response.status == .created else { return .refused(Int(response.status.code)) }
        guard let id = (try? response.json["id"] as? String).flatMap({ UUID(uuidString: $0) }) else { return .refused(0) }
        return .created(id)
    }

    static func uuids(_ sql: String, _ client: DatabasePool) async throws -> [UUID] {
        var ids: [UUID] = []
        for try await id in try await client.query(PostgresQuery(unsafeSQL: sql)).decode(UUID.self) { ids.append(id) }
        return ids
    }
}
