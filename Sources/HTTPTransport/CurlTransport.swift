import CCurl
import Foundation

/// The `Transport` over libcurl: one multi handle driven by a thread of its own, so connections
/// are reused and no caller's thread ever blocks on the network. Every request is held to its
/// egress: only http(s), no userinfo, no redirect followed, the connected address checked, a
/// deadline for the whole call, a cap on the body, TLS verified.
public final class CurlTransport: Transport {
    /// For code that has no configured transport of its own (clients built in tests and tools).
    public static let shared = CurlTransport()

    private let multi: CurlMulti

    /// - Parameters:
    ///   - maxConnectionsPerHost: how many connections one host (a slow hub) may hold at once;
    ///     further calls to it wait for one, within their own deadline.
    ///   - maxConnections: connections open at once, over every host.
    ///   - certificateAuthorities: a PEM file of CAs to trust instead of the system's.
    public init(maxConnectionsPerHost: Int = 16, maxConnections: Int = 256, certificateAuthorities: String? = nil) {
        multi = CurlMulti(
            maxConnectionsPerHost: maxConnectionsPerHost, maxConnections: maxConnections,
            certificateAuthorities: certificateAuthorities)
    }

    deinit {
        multi.stop()
    }

    public func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPReply {
        try Self.checkURL(of: request)
        let transfer = CurlTransfer(request, streaming: nil)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.replied = continuation
                multi.add(transfer)
            }
        } onCancel: {
            multi.cancel(transfer)
        }
        return try result.get()
    }

    public func stream(_ request: HTTPRequest, idleTimeout: Duration) async throws(TransportFailure) -> HTTPStream {
        try Self.checkURL(of: request)
        let transfer = CurlTransfer(request, streaming: idleTimeout)
        let multi = self.multi
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.opened = continuation
                transfer.onConsumerGone = { [weak transfer] in if let transfer { multi.cancel(transfer) } }
                multi.add(transfer)
            }
        } onCancel: {
            multi.cancel(transfer)
        }
        return try result.get()
    }

    /// What the URL itself must be, before anything is resolved.
    static func checkURL(of request: HTTPRequest) throws(TransportFailure) {
        let url = request.url
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            throw .refused("only http and https URLs may be called, not \(url.scheme ?? "a URL without a scheme")")
        }
        guard url.user == nil, url.password == nil else {
            throw .refused("a URL with a user name or password in it is not called")
        }
        guard let host = url.host, !host.isEmpty else { throw .refused("the URL has no host") }
    }
}
