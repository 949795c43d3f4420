import Foundation

/// RFC 4648's URL- and filename-safe alphabet without padding: what travels in a query parameter or
/// a header untouched (page cursors, refresh tokens).
extension Data {
    package var base64URLEncodedString: String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Nil unless `text` is base64url, padded or not.
    init?(base64URLEncoded text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }
}
