import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTransport

/// GETs JSON from a provider, bounded by a deadline, with failures turned into `WeatherError`.
struct ProviderConnection: Sendable {
    let timeout: Duration

    /// Providers differ only in URL and query, so every client shares one session.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        // Callers bound their own concurrency; curl's per-host connection limit (6 by default in
        // swift-corelibs-foundation) would otherwise lower it silently and queue the rest.
        configuration.httpMaximumConnectionsPerHost = 64
        return URLSession(configuration: configuration)
    }()

    struct Reply: Sendable {
        let status: Int
        let body: Data
    }

    /// Runs `operation` (one or more `get`s) within the timeout. swift-corelibs-foundation's own timeout counts
    /// whole seconds of silence, which neither bounds a slow answer nor allows sub-second limits.
    func withinTimeout<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws(WeatherError) -> Value {
        do {
            return try await withDeadline(timeout, operation)
        } catch is DeadlineExceeded {
            throw .timeout
        } catch {
            throw WeatherError(transportError: error)
        }
    }

    func get(_ base: URL, path: String, query: [URLQueryItem]) async throws -> Reply {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        let basePath = components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast())
            : components.percentEncodedPath
        components.percentEncodedPath = basePath + path
        components.queryItems = query
        var request = URLRequest(url: components.url!)
        request.timeoutInterval = max(1, timeout.seconds.rounded(.up))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await Self.session.cancellableData(for: request)
        return Reply(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
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
        switch error {
        case let error as WeatherError: self = error
        case is CancellationError: self = .cancelled
        case let error as URLError where error.code == .timedOut: self = .timeout
        case let error as URLError where error.code == .cancelled: self = .cancelled
        case let error as URLError: self = .unreachable("\(error.localizedDescription) (URLError \(error.code.rawValue))")
        default: self = .unreachable(String(describing: error))
        }
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
