import Crypto
import Foundation
import SmartCouchDomain

/// How a receiver knows a delivery came from this server, unaltered and recently: the scheme the
/// major payment APIs use.
package enum WebhookSignature {
    package static let header = "SmartCouch-Signature"

    /// A new endpoint's signing secret: `whsec_` and 32 random bytes in base64url.
    package static func newSecret() -> String {
        "whsec_" + SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64URLEncodedString
    }

    /// `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256 of "<t>.<body>">`, keyed with the secret's
    /// text as UTF-8, all of it (`whsec_` included). The time is signed too, so a receiver can
    /// refuse an old delivery sent again by someone who recorded it.
    package static func value(body: String, secret: String, at instant: Date) -> String {
        let timestamp = Int64(instant.timeIntervalSince1970.rounded(.down))
        let code = HMAC<SHA256>.authenticationCode(for: Data("\(timestamp).\(body)".utf8), using: SymmetricKey(data: Data(secret.utf8)))
        return "t=\(timestamp),v1=" + code.map { String(format: "%02x", $0) }.joined()
    }
}
