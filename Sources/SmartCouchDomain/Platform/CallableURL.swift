import Foundation

/// A URL the server may be asked to call (a webhook, a channel's calendar, a hub): absolute http or
/// https with a host, no user name or password (a secret in the URL would be shown and logged as
/// one), a port from 1 to 65535 when it names one, and written as a URL is written: visible ASCII
/// only, each `%` the start of an escape. Foundation would quietly escape a space or a line break
/// and call an address the caller never wrote; a caller who sends one is told instead. Whether its
/// address may be called is the egress policy's to say.
package enum CallableURL {
    package static func parse(_ text: String) -> URL? {
        guard isWritten(text), let url = URL(string: text), url.absoluteString == text,
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false,
            url.user == nil, url.password == nil, url.port.map({ (1...65535).contains($0) }) ?? true
        else { return nil }
        return url
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
