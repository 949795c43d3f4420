import Foundation

/// A URL the server may be asked to call (a webhook, a channel's calendar, a hub): `http` or
/// `https` (in any case), a host that is a name (letters, digits, `-`, `.`,
/// `_`) or an IP address, no user name or password (a secret in the URL would be shown and logged
/// as one), a port from 1 to 65535 when it names one, and written as a URL is written: visible
/// ASCII only, each `%` the start of an escape. Foundation would quietly escape a space or a line
/// break and call an address the caller never wrote; a caller who sends one is told instead.
/// Whether its address may be called is the egress policy's to say.
package enum CallableURL {
    package static func parse(_ text: String) -> URL? {
        guard isWritten(text), let url = URL(string: text), url.absoluteString == text,
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.user == nil, url.password == nil,
            let authority = authority(of: text), hasUsableHostAndPort(authority)
        else { return nil }
        return url
    }

    /// What comes between `//` and the path, query or fragment.
    private static func authority(of text: String) -> Substring? {
        guard let start = text.range(of: "://")?.upperBound else { return nil }
        let rest = text[start...]
        return rest.prefix { !"/?#".contains($0) }
    }

    private static func hasUsableHostAndPort(_ authority: Substring) -> Bool {
        let host: Substring
        let port: Substring?
        if authority.hasPrefix("[") {
            // An IPv6 literal: hex digits, colons and the dots of an embedded IPv4 address.
            guard let close = authority.firstIndex(of: "]") else { return false }
            host = authority[authority.index(after: authority.startIndex)..<close]
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { return false }
            port = after.isEmpty ? nil : after.dropFirst()
        } else {
            let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = parts[0]
            port = parts.count > 1 ? parts[1] : nil
            guard !host.isEmpty, host.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || "-._".contains($0) }) else { return false }
        }
        guard let port else { return true }
        return (1...5).contains(port.count) && port.allSatisfy({ $0.isASCII && $0.isNumber }) && Int(port).map { (1...65535).contains($0) } == true
    }

    private static func isWritten(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard (0x21...0x7E).contains(byte) else { return false }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, bytes[index + 1].isHexDigit, bytes[index + 2].isHexDigit else { return false }
                index += 3
            } else {
                index += 1
            }
        }
        return true
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
