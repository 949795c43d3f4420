import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTransport

/// One hub's address and credentials, and the plumbing every call shares: headers, deadline, error mapping.
struct HubConnection: Sendable {
    let baseURL: URL
    let token: String?
    let requestTimeout: Duration
    let connectTimeout: Duration

    /// One session for every client: base URL, token and timeouts are set per request, so nothing varies per hub.
    static let session: URLSession = URLSession(configuration: .hubCalls)

    struct Reply: Sendable {
        let status: Int
        let body: Data
    }

    enum Body {
        case json(Data)
        case text(String)
    }

    func send(
        _ method: String,
        _ path: String,
        query: [URLQueryItem] = [],
        body: Body? = nil
    ) async throws(OpenHABError) -> Reply {
        let request = makeRequest(method, path, query: query, body: body, idleTimeout: connectTimeout)
        do {
            return try await withDeadline(requestTimeout) {
                let (data, response) = try await Self.session.cancellableData(for: request)
                return Reply(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
            }
        } catch {
            throw OpenHABError(transportError: error)
        }
    }

    func makeRequest(
        _ method: String,
        _ path: String,
        query: [URLQueryItem] = [],
        body: Body? = nil,
        idleTimeout: Duration
    ) -> URLRequest {
        var request = URLRequest(url: url(path, query: query))
        request.httpMethod = method
        // corelibs counts this timeout in whole seconds and from before connecting, so it is the connect
        // (and silence) bound; `requestTimeout` bounds the whole call.
        request.timeoutInterval = max(1, idleTimeout.seconds.rounded(.up))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token, !token.isEmpty {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        switch body {
        case .json(let data):
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = data
        case .text(let text):
            request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(text.utf8)
        case nil:
            break
        }
        return request
    }

    /// `path` is already percent-encoded; it is appended to the base URL, which may carry a path of its own.
    private func url(_ path: String, query: [URLQueryItem]) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        let basePath = components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast())
            : components.percentEncodedPath
        components.percentEncodedPath = basePath + path
        components.queryItems = query.isEmpty ? nil : query
        return components.url!
    }
}

extension HubConnection.Reply {
    /// Fails with the error the status stands for unless it is one of `expected`.
    func expect(_ expected: Int...) throws(OpenHABError) {
        guard expected.contains(status) else { throw OpenHABError(status: status, body: body) }
    }

    func decode<Value: Decodable>(_ type: Value.Type) throws(OpenHABError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw .undecodable(String(describing: error))
        }
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

extension OpenHABError {
    init(status: Int, body: Data) {
        let message = HubErrorMessage.from(body)
        switch status {
        case 400: self = .rejected(message: message)
        case 401, 403: self = .unauthorized(status: status, message: message)
        case 404: self = .notFound(message: message)
        default: self = .unexpectedStatus(status, message: message)
        }
    }

    init(transportError error: any Error) {
        switch error {
        case let error as OpenHABError: self = error
        case is DeadlineExceeded: self = .timeout
        case is CancellationError: self = .cancelled
        case let error as URLError where error.code == .timedOut: self = .timeout
        case let error as URLError where error.code == .cancelled: self = .cancelled
        case let error as URLError: self = .unreachable("\(error.localizedDescription) (URLError \(error.code.rawValue))")
        default: self = .unreachable(String(describing: error))
        }
    }
}

/// openHAB's error body is `{"error":{"message":…,"http-code":…}}`; some errors have no body at all.
enum HubErrorMessage {
    private struct Envelope: Decodable {
        struct Detail: Decodable { let message: String? }
        let error: Detail
    }

    static func from(_ body: Data) -> String? {
        if let envelope = try? JSONDecoder().decode(Envelope.self, from: body) {
            return envelope.error.message
        }
        let text = String(decoding: body.prefix(512), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}

extension URLSessionConfiguration {
    static var hubCalls: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        return configuration
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
