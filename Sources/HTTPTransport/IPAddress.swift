#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address as bytes, and what kind of network it belongs to.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 or 16 bytes, network order.
    public let bytes: [UInt8]

    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Dotted IPv4 or IPv6 text, without brackets (as libcurl reports the peer).
    public init?(_ text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    public enum Scope: Sendable, Hashable {
        case global
        /// 127/8, ::1.
        case loopback
        /// 10/8, 172.16/12, 192.168/16, 100.64/10 (carrier-grade NAT), fc00::/7.
        case `private`
        /// 0/8, ::, 169.254/16, fe80::/10, multicast, broadcast, 240/4 and the documentation
        /// ranges: never a place a call should go.
        case special
    }

    public var scope: Scope {
        if let v4 = embeddedIPv4 { return Self.scope(ofIPv4: v4) }
        if bytes.count == 4 { return Self.scope(ofIPv4: bytes) }
        let b = bytes
        if b.allSatisfy({ $0 == 0 }) { return .special }
        if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] == 1 { return .loopback }
        if b[0] & 0xFE == 0xFC { return .private }
        if b[0] == 0xFE && b[1] & 0xC0 == 0x80 { return .special }
        if b[0] == 0xFF { return .special }
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0D && b[3] == 0xB8 { return .special }
        return .global
    }

    /// The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d),
    /// NAT64 (64:ff9b::/96) or 6to4 (2002::/16) IPv6 address: such an address reaches that IPv4 host.
    var embeddedIPv4: [UInt8]? {
        guard bytes.count == 16 else { return nil }
        let b = bytes
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xFF && b[11] == 0xFF { return Array(b[12..<16]) }
        if b[0..<12].allSatisfy({ $0 == 0 }) && !(b[12] == 0 && b[13] == 0 && b[14] == 0 && b[15] <= 1) { return Array(b[12..<16]) }
        if b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xFF && b[3] == 0x9B && b[4..<12].allSatisfy({ $0 == 0 }) { return Array(b[12..<16]) }
        if b[0] == 0x20 && b[1] == 0x02 { return Array(b[2..<6]) }
        return nil
    }

    static func scope(ofIPv4 b: [UInt8]) -> Scope {
        switch (b[0], b[1]) {
        case (127, _): .loopback
        case (10, _), (172, 16...31), (192, 168), (100, 64...127): .private
        case (0, _), (169, 254), (224...255, _): .special
        case (192, 0) where b[2] == 0 || b[2] == 2: .special
        case (198, 18...19): .special
        case (198, 51) where b[2] == 100: .special
        case (203, 0) where b[2] == 113: .special
        default: .global
        }
    }

    public var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var copy = bytes
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        guard inet_ntop(family, &copy, &text, socklen_t(text.count)) != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
