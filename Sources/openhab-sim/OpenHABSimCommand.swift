import ArgumentParser
import Foundation
import OpenHABSimulator

/// Runs the openHAB + weather simulator until interrupted.
@main
struct OpenHABSimCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openhab-sim",
        abstract: "A stand-in openHAB hub (REST API, event stream, devices) and weather API, with a control API under /_sim."
    )

    @Option(help: "Port to listen on (0 picks a free one).")
    var port = 9090

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "JSON configuration file: things, items, links, tokens, timing, weather.")
    var config: String?

    @Option(help: "The administrator API token (replaces the configured administrator tokens).")
    var token: String?

    @Option(help: "An API token with the user role, for trying out 403 answers.")
    var userToken: String?

    @Flag(help: "Log every request.")
    var verbose = false

    func run() async throws {
        var configuration = try config.map(Self.load) ?? SimulatorConfiguration()
        if let token {
            configuration.tokens = configuration.tokens.filter { $0.value != .administrator }
            configuration.tokens[token] = .administrator
        }
        if let userToken {
            configuration.tokens[userToken] = .user
        }
        let simulator = try await OpenHABSimulator.start(configuration: configuration, host: host, port: port, logLevel: verbose ? .info : .warning)
        var banner = ["openHAB simulator listening on \(simulator.baseURL)"]
        banner += configuration.tokens.sorted { $0.key < $1.key }.map { "  token \($0.key) (\($0.value.rawValue))" }
        banner += configuration.things.map { "  thing \($0.uid) (\($0.device.rawValue), \($0.status))" }
        // Written straight away, so that a script waiting for the banner sees it even when output is a pipe.
        FileHandle.standardOutput.write(Data((banner.joined(separator: "\n") + "\n").utf8))
        await Self.interruption()
        try await simulator.shutdown()
    }

    private static func load(_ path: String) throws -> SimulatorConfiguration {
        try JSONDecoder().decode(SimulatorConfiguration.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Returns on SIGINT or SIGTERM, so that the simulator shuts down cleanly.
    private static func interruption() async {
        let signals = [SIGINT, SIGTERM]
        signals.forEach { signal($0, SIG_IGN) }
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let sources = signals.map { number in
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        }
        for await _ in stream { break }
        sources.forEach { $0.cancel() }
    }
}
