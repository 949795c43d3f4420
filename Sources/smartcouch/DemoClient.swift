import Foundation
import HTTPTransport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Just enough of an HTTP client for the demo to set itself up through the public API, as any
/// booking app would.
struct DemoClient {
    let baseURL: URL
    let session = URLSession(configuration: .ephemeral)

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    @discardableResult
    func send(_ method: String, _ path: String, json: Any? = nil, token: String? = nil, expect: Int) async throws -> [String: Any] {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
        request.httpMethod = method
        request.timeoutInterval = 30
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await session.cancellableData(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
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
