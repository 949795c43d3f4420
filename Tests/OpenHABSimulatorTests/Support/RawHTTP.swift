import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import OpenHABSimulator
import TestSupport
import Testing

/// How a request authenticates itself.
enum Credentials {
    case admin
    case user
    case anonymous
    case header(String, String)

    var header: (String, String)? {
        switch self {
        case .admin: ("Authorization", "Bearer \(Token.admin)")
        case .user: ("Authorization", "Bearer \(Token.user)")
        case .anonymous: nil
        case .header(let name, let value): (name, value)
        }
    }
}

/// An answer, kept raw so tests can assert on exactly what went over the wire.
struct Reply {
    var status: Int
    var headers: HTTPHeaders
    var body: String

    var contentType: String? { headers.first(name: "Content-Type") }

    /// The body as JSON (objects and arrays as Foundation collections).
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed])
    }

    func object() throws -> [String: Any] {
        try #require(try json() as? [String: Any], "expected a JSON object, got \(body)")
    }

    func array() throws -> [[String: Any]] {
        try #require(try json() as? [[String: Any]], "expected a JSON array, got \(body)")
    }
}

/// Talks to one simulator over real HTTP with AsyncHTTPClient.
struct Wire {
    let baseURL: String

    func send(
        _ method: HTTPMethod,
        _ path: String,
        as credentials: Credentials = .admin,
        contentType: String? = nil,
        headers: [(String, String)] = [],
        body: String? = nil
    ) async throws -> Reply {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        if let header = credentials.header { request.headers.add(name: header.0, value: header.1) }
        if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        return Reply(status: Int(response.status.code), headers: response.headers, body: String(buffer: bytes))
    }

    func get(_ path: String, as credentials: Credentials = .admin) async throws -> Reply {
        try await send(.GET, path, as: credentials)
    }

    func put(_ path: String, json: String, as credentials: Credentials = .admin) async throws -> Reply {
        try await send(.PUT, path, as: credentials, contentType: "application/json", body: json)
    }

    func command(_ item: String, _ command: String, as credentials: Credentials = .admin) async throws -> Reply {
        try await send(.POST, "/rest/items/\(item)", as: credentials, contentType: "text/plain", body: command)
    }

    func setState(_ item: String, _ state: String, as credentials: Credentials = .admin) async throws -> Reply {
        try await send(.PUT, "/rest/items/\(item)/state", as: credentials, contentType: "text/plain", body: state)
    }

    func delete(_ path: String, as credentials: Credentials = .admin) async throws -> Reply {
        try await send(.DELETE, path, as: credentials)
    }

    /// An item's state text.
    func state(_ item: String) async throws -> String {
        try await get("/rest/items/\(item)/state").body
    }

    /// The hub's clocks: thermostat steps taken and lock actuations pending.
    func clock() async throws -> (thermostatTicks: Int, pendingActuations: Int) {
        let clock = try #require(try await control(.GET, "clock").json() as? [String: Int])
        return (try #require(clock["thermostatTicks"]), try #require(clock["pendingActuations"]))
    }

    /// Waits until the thermostats have stepped twice more: whatever they would change, they have.
    func thermostatsStepped() async throws {
        let start = try await clock().thermostatTicks
        try await eventually("the thermostats step twice") { try await clock().thermostatTicks >= start + 2 }
    }

    /// Calls the control API, requiring success.
    @discardableResult
    func control(_ method: HTTPMethod, _ path: String, _ json: String? = nil) async throws -> Reply {
        let reply = try await send(method, "/_sim/\(path)", as: .anonymous, contentType: json == nil ? nil : "application/json", body: json)
        try #require((200..<300).contains(reply.status), "control \(method) \(path): \(reply.status) \(reply.body)")
        return reply
    }
}

/// Runs `body` against a simulator of its own, with a raw wire to it.
func withSimulator(
    _ configuration: SimulatorConfiguration = .testing(),
    _ body: (Wire, OpenHABSimulator) async throws -> Void
) async throws {
    try await TestSupport.withSimulator(configuration) { simulator in
        try await body(Wire(baseURL: simulator.baseURL.absoluteString), simulator)
    }
}
