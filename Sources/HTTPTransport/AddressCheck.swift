import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Egress {
    /// Refuses a URL that calls with this egress would be refused, before anything is sent: its
    /// form, as every call checks it, and every address its host resolves to now. For a URL a user
    /// registers to be called later (a webhook), so that a denied one is refused while they are
    /// there to read why; each call still checks the address it connects to, as a name may resolve
    /// elsewhere by then.
    public func check(_ url: URL, within limit: Duration) async throws(TransportFailure) {
        try CurlTransport.checkURL(of: HTTPRequest(method: "POST", url: url, egress: self, timeout: limit))
        let host = (url.host ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let addresses: [IPAddress]
        if let literal = IPAddress(host) {
            addresses = [literal]
        } else {
            do {
                addresses = try await withDeadline(limit) { try await HostResolver.addresses(of: host) }
            } catch {
                throw TransportFailure(error)
            }
        }
        if let denied = addresses.first(where: { !permits($0) }) {
            throw .refused("\(self) may not connect to \(denied)")
        }
    }
}

/// The system resolver, which blocks: asked on a thread of the global queue, never a task's own.
enum HostResolver {
    static func addresses(of host: String) async throws -> [IPAddress] {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try lookUp(host) })
            }
        }
    }

    private static func lookUp(_ host: String) throws(TransportFailure) -> [IPAddress] {
        var hints = addrinfo()
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0 else { throw .unreachable("\(host) could not be resolved: \(String(cString: gai_strerror(status)))") }
        defer { freeaddrinfo(list) }
        var addresses: [IPAddress] = []
        var entry = list
        while let info = entry?.pointee {
            if let address = info.ai_addr, let ip = ipAddress(address, family: info.ai_family) { addresses.append(ip) }
            entry = info.ai_next
        }
        guard !addresses.isEmpty else { throw .unreachable("\(host) resolves to no address") }
        return addresses
    }

    private static func ipAddress(_ address: UnsafeMutablePointer<sockaddr>, family: Int32) -> IPAddress? {
        switch family {
        case AF_INET:
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                var bytes = v4.pointee.sin_addr
                return IPAddress(bytes: withUnsafeBytes(of: &bytes) { Array($0) })
            }
        case AF_INET6:
            address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                var bytes = v6.pointee.sin6_addr
                return IPAddress(bytes: withUnsafeBytes(of: &bytes) { Array($0) })
            }
        default:
            nil
        }
    }
}
