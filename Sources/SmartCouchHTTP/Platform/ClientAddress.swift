import HTTPTransport
import Vapor

/// Who is calling, as far as this server can tell: the connection's peer, or, when the peer is one
/// of the operator's reverse proxies (`TRUSTED_PROXIES`), the nearest address in
/// `X-Forwarded-For` that is not one of them. Behind a proxy every peer is the proxy, and the
/// login throttle would count one stranger's bad guesses against everybody; a caller who is not a
/// trusted proxy cannot choose their address by sending the header.
struct ClientAddressMiddleware: AsyncMiddleware {
    let trusted: Set<IPAddress>

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        request.storage[ClientAddressKey.self] = Self.address(
            peer: request.remoteAddress?.ipAddress, forwardedFor: request.headers[.xForwardedFor], trusted: trusted)
        return try await next.respond(to: request)
    }

    static func address(peer: String?, forwardedFor: [String], trusted: Set<IPAddress>) -> String {
        guard let peer, let proxy = IPAddress(peer), trusted.contains(proxy) else { return peer ?? "unknown" }
        // The client comes first and each proxy appends the address it heard from; read from the
        // end, the first hop no trusted proxy vouches for is the client. A hop that is no address
        // ends the trust: whatever is left of it was written by the caller.
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        var client = proxy
        for hop in hops.reversed() {
            guard let address = Self.hop(hop) else { break }
            client = address
            if !trusted.contains(address) { break }
        }
        return client.description
    }
}

extension ClientAddressMiddleware {
    /// A hop as proxies write it: an address, or one with its port (`1.2.3.4:5678`, `[2001:db8::1]:5678`).
    static func hop(_ text: String) -> IPAddress? {
        if let address = IPAddress(text) { return address }
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            return IPAddress(String(text[text.index(after: text.startIndex)..<close]))
        }
        let parts = text.split(separator: ":")
        return parts.count == 2 ? IPAddress(String(parts[0])) : nil
    }
}

private enum ClientAddressKey: StorageKey {
    typealias Value = String
}

extension Request {
    /// The caller's address (`ClientAddressMiddleware`), for throttles and limits kept per caller.
    var clientAddress: String { storage[ClientAddressKey.self] ?? remoteAddress?.ipAddress ?? "unknown" }
}
