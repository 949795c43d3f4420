import Foundation
import HTTPTransport

/// GETs JSON from a provider, bounded by a deadline, with failures turned into `WeatherError`.
struct ProviderConnection: Sendable {
    let timeout: Duration
    let transport: any Transport

    typealias Reply = HTTPReply

    /// Runs `operation` (one or more `get`s) within the timeout.
    func withinTimeout<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws(WeatherError) -> Value {
        do {
            return try await withDeadline(timeout, operation)
        } catch let error as WeatherError {
            throw error
        } catch {
            throw WeatherError(TransportFailure(error))
        }
    }

    func get(_ base: URL, path: String, query: [URLQueryItem]) async throws -> Reply {
        // Provider addresses are the operator's (or the providers' own): trusted as given.
        let request = HTTPRequest(
            method: "GET", url: base.appending(encodedPath: path, query: query),
            headers: ["Accept": "application/json"], egress: .trusted(.weather), timeout: timeout)
        return try await transport.send(request)
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
    init(_ failure: TransportFailure) {
        switch failure {
        case .timeout: self = .timeout
        case .cancelled: self = .cancelled
        default: self = .transport(failure)
        }
    }
}
