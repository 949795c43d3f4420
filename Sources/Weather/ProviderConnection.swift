import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTransport

/// GETs JSON from a provider, bounded by a deadline, with failures turned into `WeatherError`.
struct ProviderConnection: Sendable {
    let timeout: Duration

    /// Providers differ only in URL and query, so every client shares one transport. Callers bound
    /// their own concurrency; Foundation's per-host connection limit would otherwise lower it
    /// silently and queue the rest.
    private static let transport: any Transport = URLSessionTransport(maximumConnectionsPerHost: 64)

    typealias Reply = HTTPReply

    /// Runs `operation` (one or more `get`s) within the timeout.
    func withinTimeout<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws(WeatherError) -> Value {
        do {
            return try await withDeadline(timeout, operation)
        } catch {
            throw WeatherError(transportError: error)
        }
    }

    func get(_ base: URL, path: String, query: [URLQueryItem]) async throws -> Reply {
        let request = HTTPRequest(
            method: "GET", url: base.appending(encodedPath: path, query: query),
            headers: ["Accept": "application/json"], idleTimeout: timeout)
        return try await Self.transport.send(request)
    }
}

extension ProviderConnection.Reply {
    func decode<Value: Decodable>(_ type: Value.Type) throws(WeatherError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw .undecodable(String(describing: error))
        }
    }

    /// The error a non-200 answer stands for, given how the provider words its message.
    func failure(message: String?, for location: WeatherLocation) -> WeatherError {
        switch status {
        case 401, 403: .badAPIKey(message: message)
        case 404: .unknownCity(location.description)
        case 429: .rateLimited(message: message)
        default: .unexpectedStatus(status, message: message)
        }
    }
}

extension WeatherError {
    init(transportError error: any Error) {
        if let error = error as? WeatherError {
            self = error
            return
        }
        switch TransportFailure(error) {
        case .timeout: self = .timeout
        case .cancelled: self = .cancelled
        case .unreachable(let detail): self = .unreachable(detail)
        }
    }
}
