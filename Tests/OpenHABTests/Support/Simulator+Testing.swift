import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenHAB
import OpenHABSimulator
import Testing

enum Token {
    static let admin = "oh.test.admin"
    static let user = "oh.test.user"
}

extension SimulatorConfiguration {
    /// A hub with the demo devices, fast clocks and known tokens.
    static func testing(
        implicitUserRole: Bool = true,
        items: [Item] = [],
        links: [Link] = []
    ) -> SimulatorConfiguration {
        SimulatorConfiguration(
            tokens: [Token.admin: .administrator, Token.user: .user],
            implicitUserRole: implicitUserRole,
            items: items,
            links: links,
            timing: Timing(lockActuation: .milliseconds(50), thermostatTick: .milliseconds(20), thermostatStep: 0.5, aliveInterval: .milliseconds(200)),
            weather: Weather(apiKeys: ["test-key"])
        )
    }
}

/// Runs `body` against a simulator of its own, shut down afterwards whatever happens.
func withSimulator(
    _ configuration: SimulatorConfiguration = .testing(),
    _ body: (OpenHABSimulator) async throws -> Void
) async throws {
    let simulator = try await OpenHABSimulator.start(configuration: configuration)
    do {
        try await body(simulator)
        try await simulator.shutdown()
    } catch {
        try? await simulator.shutdown()
        throw error
    }
}

extension OpenHABSimulator {
    func client(token: String? = Token.admin, requestTimeout: Duration = .seconds(5)) -> OpenHABClient {
        OpenHABClient(baseURL: baseURL, token: token, requestTimeout: requestTimeout)
    }

    /// Calls the control API, expecting it to succeed.
    func control(_ method: String, _ path: String, _ json: String? = nil) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("_sim").appendingPathComponent(path))
        request.httpMethod = method
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(json.utf8)
        }
        let (_, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        try #require((200..<300).contains(status), "control \(method) \(path) answered \(status)")
    }

    /// What the simulator received, oldest first (control calls aside).
    func receivedRequests() async throws -> [RecordedRequest] {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("_sim/requests"))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode([RecordedRequest].self, from: data)
    }
}

func name(_ text: String) throws -> ItemName {
    try ItemName(text)
}

func channel(_ text: String) throws -> ChannelUID {
    try ChannelUID(text)
}
