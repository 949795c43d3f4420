import Foundation
import HTTPTransport

/// Just enough of an HTTP client for the demo to set itself up through the public API, as any
/// booking app would.
struct DemoClient {
    let baseURL: URL

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    @discardableResult
    func send(_ method: String, _ path: String, json: Any? = nil, token: String? = nil, expect: Int) async throws -> [String: Any] {
        // The demo's own server, on the address it was told to listen on.
        var request = HTTPRequest(
            method: method, url: URL(string: baseURL.absoluteString + path)!, egress: .trusted(.hub), timeout: .seconds(30))
        if let token { request.headers["Authorization"] = "Bearer \(token)" }
        if let json {
            request.body = try JSONSerialization.data(withJSONObject: json)
            request.headers["Content-Type"] = "application/json"
        }
        let reply = try await CurlTransport.shared.send(request)
        let (status, data) = (reply.status, reply.body)
        guard status == expect else {
            throw Failure(description: "\(method) \(path) answered \(status), not \(expect): \(String(decoding: data, as: UTF8.self))")
        }
        guard !data.isEmpty else { return [:] }
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// Waits for `/ready`, as the server binds and migrates in the background.
    func waitUntilReady(timeout: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if (try? await send("GET", "/ready", expect: 200)) != nil { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure(description: "the server did not become ready within \(timeout)")
    }
}

extension Dictionary where Key == String, Value == Any {
    /// A string field of a response, or a failure naming what was missing.
    func text(_ key: String) throws -> String {
        guard let value = self[key] as? String else {
            throw DemoClient.Failure(description: "the response has no '\(key)': \(self)")
        }
        return value
    }
}
