import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `Transport` over one Foundation `URLSession`: no cache, no cookies.
public struct URLSessionTransport: Transport {
    let session: URLSession

    /// - Parameter maximumConnectionsPerHost: nil keeps Foundation's default (6 on Linux), which
    ///   quietly queues what a caller sends beyond it.
    public init(maximumConnectionsPerHost: Int? = nil) {
        let configuration = URLSessionConfiguration.outboundCalls
        if let maximumConnectionsPerHost { configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost }
        session = URLSession(configuration: configuration)
    }

    public func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPReply {
        do {
            let (data, response) = try await session.cancellableData(for: URLRequest(request))
            return HTTPReply(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
        } catch {
            throw TransportFailure(error)
        }
    }
}

extension URLRequest {
    public init(_ request: HTTPRequest) {
        self.init(url: request.url)
        httpMethod = request.method
        // corelibs counts this timeout in whole seconds and from before connecting, so it bounds
        // connecting and silence; the caller's deadline bounds the whole call.
        timeoutInterval = max(1, request.idleTimeout.seconds.rounded(.up))
        for (name, value) in request.headers { setValue(value, forHTTPHeaderField: name) }
        httpBody = request.body
    }
}

extension URLSessionConfiguration {
    public static var outboundCalls: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        return configuration
    }
}
