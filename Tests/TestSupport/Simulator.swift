import Foundation
import OpenHABSimulator
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The API tokens a testing simulator knows.
public enum Token {
    public static let admin = "oh.test.admin"
    public static let user = "oh.test.user"
}

extension SimulatorConfiguration {
    /// A hub with the demo devices, fast clocks, known tokens and a weather API key.
    public static func testing(
        implicitUserRole: Bool = true,
        items: [Item] = [],
        links: [Link] = [],
        lockActuation: Duration = .milliseconds(50)
    ) -> SimulatorConfiguration {
        SimulatorConfiguration(
            tokens: [Token.admin: .administrator, Token.user: .user],
            implicitUserRole: implicitUserRole,
            items: items,
            links: links,
            timing: Timing(lockActuation: lockActuation, thermostatTick: .milliseconds(20), thermostatStep: 0.5, aliveInterval: .milliseconds(200)),
            weather: Weather(apiKeys: ["test-key"])
        )
    }
}

/// Runs `body` against a simulator of its own, shut down afterwards whatever happens.
public func withSimulator<T>(
    _ configuration: SimulatorConfiguration = .testing(),
    _ body: (OpenHABSimulator) async throws -> T
) async throws -> T {
    try await Admission.shared.whileAdmitted {
        let simulator = try await Progress.step("a simulator starts") { try await OpenHABSimulator.start(configuration: configuration) }
        do {
            let result = try await Progress.step("the test runs against its simulator") { try await body(simulator) }
            try await Progress.step("the simulator shuts down") { try await simulator.shutdown() }
            return result
        } catch {
            try? await Progress.step("the simulator shuts down") { try await simulator.shutdown() }
            throw error
        }
    }
}

extension OpenHABSimulator {
    /// How many requests have reached the hub (the control API's journal, filled as they arrive).
    public func requestsReceived() async throws -> Int {
        try #require(try await controlJSON("requests") as? [Any]).count
    }

    /// How many event streams (`/rest/events`) are open.
    public func eventStreams() async throws -> Int {
        try #require((try await controlJSON("events/subscribers") as? [String: Any])?["count"] as? Int)
    }

    /// Waits until the roller shutters' clock has stepped twice more: whatever it would move, it has.
    public func shuttersStepped() async throws {
        func ticks() async throws -> Int { try #require((try await controlJSON("clock") as? [String: Any])?["shutterTicks"] as? Int) }
        let start = try await ticks()
        try await eventually("the shutters step twice") { try await ticks() >= start + 2 }
    }

    private func controlJSON(_ path: String) async throws -> Any {
        let (body, _) = try await URLSession.shared.data(from: URL(string: baseURL.absoluteString + "/_sim/" + path)!)
        return try JSONSerialization.jsonObject(with: body)
    }

    /// Calls the control API (`/_sim…`), requiring success.
    public func control(_ method: String, _ path: String, _ json: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let path = path.hasPrefix("/") ? String(path.dropFirst()) : path
        var request = URLRequest(url: URL(string: baseURL.absoluteString + "/_sim/" + path)!)
        request.httpMethod = method
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(json.utf8)
        }
        let (_, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        try #require((200..<300).contains(status), "simulator control \(method) \(path) answered \(status)", sourceLocation: sourceLocation)
    }

    /// What the simulator received, oldest first (control calls aside).
    public func receivedRequests() async throws -> [RecordedRequest] {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("_sim/requests"))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode([RecordedRequest].self, from: data)
    }
}
