import Foundation

/// A request as the outbound clients (hubs, weather providers) make them.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?
    /// Where the call may connect.
    public var egress: Egress
    /// The whole call, from resolving the name to the last byte of the body; for a stream, until
    /// its head arrived.
    public var timeout: Duration
    /// A longer body fails the call rather than filling memory.
    public var maxResponseBytes: Int
    /// Whether a longer body is cut at `maxResponseBytes` instead, and the call answered with its
    /// status and the bytes read: for a caller that wants the status only (a webhook delivery).
    public var truncatesResponse: Bool

    public init(
        method: String, url: URL, headers: [String: String] = [:], body: Data? = nil,
        egress: Egress, timeout: Duration, maxResponseBytes: Int = 8 << 20, truncatesResponse: Bool = false
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.egress = egress
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
        self.truncatesResponse = truncatesResponse
    }
}

public struct HTTPReply: Sendable {
    public let status: Int
    public let body: Data
    /// By lower-cased name; the last of a repeated header.
    public let headers: [String: String]

    public init(status: Int, body: Data, headers: [String: String] = [:]) {
        self.status = status
        self.body = body
        self.headers = headers
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}

/// An answer whose body keeps arriving (server-sent events): its status, then its bytes as they come.
public struct HTTPStream: Sendable {
    public let status: Int
    /// Ends when the server closes, fails with a `TransportFailure`; the connection closes when
    /// its consumer stops. At most `HTTPStream.maxUnreadBytes` wait for the consumer: a server
    /// that sends faster than that is read fails the stream with `.overLimit`.
    public let body: AsyncThrowingStream<Data, any Error>

    public init(status: Int, body: AsyncThrowingStream<Data, any Error>) {
        self.status = status
        self.body = body
    }

    /// Chunks of at most libcurl's 16 KiB write size, 64 of them.
    static let maxUnreadChunks = 64
    public static let maxUnreadBytes = maxUnreadChunks * 16 << 10
}

/// Why an exchange brought no usable reply. The associated text is for the server log: it may
/// hold addresses and the remote side's words, so clients are told `kind` only.
public enum TransportFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The egress policy refused the URL or the address it resolved to; nothing was sent.
    case refused(String)
    /// No connection: unknown name, refused, reset, closed early.
    case unreachable(String)
    case timeout
    case cancelled
    /// The certificate or the handshake failed.
    case tls(String)
    /// An answer that cannot be used: one larger than allowed, a malformed one.
    case badReply(String)
    /// A redirect, with its status: never followed, and its target never called.
    case redirected(status: Int)
    /// The peer broke a bound on what it may send (a stream faster than it is read, an event
    /// without end); the text is ours, never the peer's, and says which bound.
    case overLimit(String)

    /// Whatever a send, or the deadline around it, threw, as one of these.
    public init(_ error: any Error) {
        switch error {
        case let failure as TransportFailure: self = failure
        case is DeadlineExceeded: self = .timeout
        case is CancellationError: self = .cancelled
        default: self = .unreachable(String(describing: error))
        }
    }

    /// The kind of failure in words a client may see.
    public var kind: String {
        switch self {
        case .refused: "the address is not allowed (only public addresses may be called)"
        case .unreachable: "it could not be reached"
        case .timeout: "it did not answer in time"
        case .cancelled: "the call was cancelled"
        case .tls: "its TLS certificate or handshake failed"
        case .redirected(let status): "it answered with a redirect (\(status)), which is not followed"
        case .badReply: "its answer could not be used"
        case .overLimit(let bound): bound
        }
    }

    public var description: String {
        switch self {
        case .refused(let detail): "refused by the egress policy: \(detail)"
        case .unreachable(let detail): "unreachable: \(detail)"
        case .timeout: "timed out"
        case .cancelled: "cancelled"
        case .tls(let detail): "TLS failed: \(detail)"
        case .badReply(let detail): "unusable answer: \(detail)"
        case .redirected(let status): "redirect (\(status)) not followed"
        case .overLimit(let bound): "over a limit: \(bound)"
        }
    }
}

/// Sends requests: the one seam where the HTTP client library is chosen.
public protocol Transport: Sendable {
    func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPReply
    /// Opens `request` and returns once its head arrived. The stream fails when the server stays
    /// silent for `idleTimeout`.
    func stream(_ request: HTTPRequest, idleTimeout: Duration) async throws(TransportFailure) -> HTTPStream
}

extension URL {
    /// `path`, already percent-encoded, appended to this URL's own path (a base URL may have one),
    /// with `query` when it has items.
    public func appending(encodedPath path: String, query: [URLQueryItem] = []) -> URL {
        var components = URLComponents(url: self, resolvingAgainstBaseURL: false)!
        let basePath =
            components.percentEncodedPath.hasSuffix("/")
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
