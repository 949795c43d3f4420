import ArgumentParser
import Foundation
import Logging
import OpenHABSimulator
import SmartCouchDomain
import SmartCouchHTTP
import SmartCouchPersistence
import SmartCouchServices

struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: """
            Try SmartCouch in one command: a fresh database, a simulated openHAB hub and weather service, \
            demo users, a couch with a heater, an air conditioner and a lock, a stay in progress, and an \
            imported Airbnb calendar.
            """)

    @Option(help: "Address to listen on (default HOSTNAME or 127.0.0.1).") var hostname: String?
    @Option(help: "Port to listen on (default PORT or 8080).") var port: Int?
    @Option(name: .customLong("data-dir"), help: "Where the demo keeps its PostgreSQL and images; emptied at every start.")
    var dataDirectory = ".smartcouch/demo"

    func run() async throws {
        let directory = URL(fileURLWithPath: dataDirectory, isDirectory: true)
        let cluster = EmbeddedPostgres.location(for: directory.appendingPathComponent("postgres", isDirectory: true))
        // A demo that was killed leaves its PostgreSQL running with nobody using it.
        if try await EmbeddedPostgres(dataDirectory: cluster, logger: Logger(label: "smartcouch")).stopIfAbandoned() {
            print("stopped the PostgreSQL a killed demo left running on \(cluster.path)")
        }
        try Self.startAfresh(directory, cluster: cluster)
        let simulator = try await OpenHABSimulator.start(
            configuration: SimulatorConfiguration(things: SimulatorConfiguration.Thing.demo + SimulatorConfiguration.Thing.comfort))
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = nil
        environment["WEATHER_PROVIDER"] = "openmeteo"
        environment["WEATHER_BASE_URL"] = simulator.baseURL.absoluteString
        environment["WEATHER_GEOCODING_URL"] = simulator.baseURL.absoluteString
        environment["WEATHER_SCHEDULE"] = environment["WEATHER_SCHEDULE"] ?? "every@2m"
        environment["ADMIN_EMAILS"] = DemoHome.host.email
        // The demo host's hub and Airbnb calendar are the simulator on this machine.
        environment["OUTBOUND_ALLOW_PRIVATE"] = "hub,calendar"
        environment["IMAGES_DIR"] = directory.appendingPathComponent("images").path

        let setUp = SetUpOutcome()
        do {
            try await withDatabase(cluster, environment: environment) { loaded, host, logger in
                let hostname = hostname ?? loaded.hostname
                let port = port ?? loaded.port
                guard port != 0 else { throw ValidationError("the demo prints its address, so it needs a port other than 0") }
                let base = URL(string: "http://\(hostname == "0.0.0.0" ? "127.0.0.1" : hostname):\(port)")!
                // Stay links come back whole, ready to open.
                var configured = loaded
                configured.publicURL = loaded.publicURL ?? base.absoluteString
                let settings = configured
                try await host.migrate(settings: settings)
                let setup = Task {
                    do {
                        let api = DemoClient(baseURL: base)
                        try await api.waitUntilReady()
                        let home = try await DemoHome.create(through: api, hub: simulator.baseURL, hubToken: "oh.simulator.admin") { name, body in
                            await simulator.publishCalendar(name, body)
                            return simulator.baseURL.appendingPathComponent("_sim/calendars/\(name).ics")
                        }
                        let instructions = DemoInstructions(base: base, hub: simulator.baseURL, home: home, schedule: settings.weather.schedule)
                        // Written straight to the descriptor: print's buffer would hold them back when piped.
                        FileHandle.standardOutput.write(Data(instructions.text.utf8))
                    } catch {
                        // Ctrl-C while it sets up stopped the server it sets up through: no failure.
                        guard !StopSignals.shared.isRequested else { return }
                        logger.critical("the demo could not set itself up: \(error)")
                        await setUp.failed()
                        // Stops the server the way Ctrl-C does.
                        kill(getpid(), SIGTERM)
                    }
                }
                try await runServer(settings, on: host, hostname: hostname, port: port, logger: logger)
                setup.cancel()
            }
        } catch {
            try? await simulator.shutdown()
            throw error
        }
        try await simulator.shutdown()
        if await setUp.hasFailed { throw ExitCode.failure }
    }

    /// Names a directory the demo made, and so may empty.
    static let marker = "smartcouch-demo"

    /// The demo always starts from an empty database, unless another demo is still using it. A
    /// directory the demo did not make is left alone: `--data-dir` pointing at real data by mistake
    /// must not wipe it.
    static func startAfresh(_ directory: URL, cluster: URL) throws {
        let pidFile = cluster.appendingPathComponent("postmaster.pid")
        if let contents = try? String(contentsOf: pidFile, encoding: .utf8),
            let pid = contents.split(separator: "\n").first.flatMap({ pid_t($0.trimmingCharacters(in: .whitespaces)) }),
            kill(pid, 0) == 0
        {
            throw ValidationError("a demo is still running on \(directory.path) (PostgreSQL pid \(pid)); stop it first")
        }
        let fileManager = FileManager.default
        if let contents = try? fileManager.contentsOfDirectory(atPath: directory.path), !contents.isEmpty {
            guard contents.contains(marker) else {
                throw ValidationError(
                    "\(directory.path) holds files the demo did not make, and the demo empties its --data-dir; choose a new or empty directory")
            }
            try fileManager.removeItem(at: directory)
        }
        // Kept outside the directory when the postgres user cannot reach inside it (see
        // EmbeddedPostgres.location), and emptied with it all the same.
        if !cluster.path.hasPrefix(directory.standardizedFileURL.path + "/") {
            try? fileManager.removeItem(at: cluster)
        }
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("Made by smartcouch demo, which empties this directory at every start.\n".utf8)
            .write(to: directory.appendingPathComponent(marker))
    }
}

private actor SetUpOutcome {
    private(set) var hasFailed = false
    func failed() { hasFailed = true }
}
