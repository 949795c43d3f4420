import Crypto
import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// Seals secrets (hub API tokens) for storage with AES-GCM under `SECRETS_KEY`; a row read from
/// the database alone does not give the token away.
package struct SecretBox: Sendable {
    let key: SymmetricKey

    package init(key: SymmetricKey) {
        self.key = key
    }

    package func seal(_ secret: String) throws -> Data {
        guard let combined = try AES.GCM.seal(Data(secret.utf8), using: key).combined else {
            preconditionFailure("AES.GCM with its default nonce always has a combined form")
        }
        return combined
    }

    /// Nil when the data was not sealed with this key (SECRETS_KEY changed) or was tampered with.
    package func open(_ sealed: Data) -> String? {
        guard let box = try? AES.GCM.SealedBox(combined: sealed),
            let plain = try? AES.GCM.open(box, using: key)
        else { return nil }
        return String(decoding: plain, as: UTF8.self)
    }
}

extension SecretBox {
    /// A keyed digest of a secret, for refusing duplicates without storing the secret in the clear.
    /// Keyed by its own key derived from SECRETS_KEY, not by the sealing key itself.
    package func digest(_ secret: String) -> Data {
        let key = HKDF<SHA256>.deriveKey(inputKeyMaterial: key, info: Data("digest".utf8), outputByteCount: 32)
        return Data(HMAC<SHA256>.authenticationCode(for: Data(secret.utf8), using: key))
    }
}
