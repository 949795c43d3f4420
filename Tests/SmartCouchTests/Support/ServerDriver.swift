import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TestSupport

/// A SmartCouch server tests drive over HTTP: one in this process (`TestServer`) or a process of its own.
protocol ServerDriver: Sendable {
    var baseURL: String { get }
}

/// The tests' client sees what the server answered, as an API client does: a 303 is a 303, not the page it points to.
private let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))

extension ServerDriver {
    /// Sends a request. `json` is anything JSONSerialization takes (so tests can send wrong
    /// shapes on purpose); `body` is sent as is. The client retries a refused connection until
    /// `timeout`, so a server that is gone costs the whole of it.
    func send(
        _ method: HTTPMethod, _ path: String,
        json: Any? = nil, body: Data? = nil, contentType: String? = nil,
        token: String? = nil, headers: [(String, String)] = [], timeout: Duration = .seconds(30)
    ) async throws -> TestResponse {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let json {
            request.body = .bytes(ByteBuffer(data: try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed])))
            request.headers.add(name: "Content-Type", value: contentType ?? "application/json")
        } else if let body {
            request.body = .bytes(ByteBuffer(data: body))
            if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
        }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        return try await Progress.step("\(method) \(path)") {
            let start = ContinuousClock.now
            do {
                let response = try await client.execute(request, timeout: .init(timeout))
                let bytes = try await response.body.collect(upTo: 64 << 20)
                return TestResponse(status: response.status, headers: response.headers, body: Data(buffer: bytes))
            } catch {
                // The client's own error names neither the request nor, printed by the runner, itself.
                throw TestFailure("\(method) \(path) after \(ContinuousClock.now - start): \(String(reflecting: error))")
            }
        }
    }
}
