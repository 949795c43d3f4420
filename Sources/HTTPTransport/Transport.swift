import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as the outbound clients (hubs, weather providers) make them.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?
    /// How long connecting, and any silence on the wire, may last; the caller bounds the whole call.
    public var idleTimeout: Duration

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, idleTimeout: Duration) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.idleTimeout = idleTimeout
    }
}

public struct HTTPReply: Sendable {
    public let status: Int
    public let body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }

    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// Why an exchange brought no reply.
public enum TransportFailure: Error, Sendable, Equatable {
    case timeout
    case cancelled
    case unreachable(String)

    /// Whatever a send, or the deadline around it, threw, as one of these.
    public init(_ error: any Error) {
        switch error {
        case let failure as TransportFailure: self = failure
        case is DeadlineExceeded: self = .timeout
        case is CancellationError: self = .cancelled
        case let error as URLError where error.code == .timedOut: self = .timeout
        case let error as URLError where error.code == .cancelled: self = .cancelled
        case let error as URLError: self = .unreachable("\(error.localizedDescription) (URLError \(error.code.rawValue))")
        default: self = .unreachable(String(describing: error))
        }
    }
}

/// Sends requests: the one seam where the HTTP client library is chosen.
public protocol Transport: Sendable {
    func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPReply
}

extension URL {
    /// `path`, already percent-encoded, appended to this URL's own path (a base URL may have one),
    /// with `query` when it has items.
    public func appending(encodedPath path: String, query: [URLQueryItem] = []) -> URL {
        var components = URLComponents(url: self, resolvingAgainstBaseURL: false)!
        let basePath = components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast())
            : components.percentEncodedPath
        components.percentEncodedPath = basePath + path
        components.queryItems = query.isEmpty ? nil : query
        return components.url!
    }
}

extension Duration {
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
