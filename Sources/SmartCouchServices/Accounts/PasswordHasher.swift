import Foundation

/// Hashes and checks passwords. The algorithm is the HTTP layer's choice (it has Bcrypt); what
/// services rely on is here: a slow hash, and a check that costs the same for an unknown account.
package struct PasswordHasher: Sendable {
    package var hash: @Sendable (_ password: String) async throws -> String
    package var verify: @Sendable (_ password: String, _ hash: String) async throws -> Bool
    /// A real hash of nothing in particular, checked when the email is unknown so that a login's
    /// duration does not tell which emails have accounts.
    package var decoy: String

    package init(
        hash: @escaping @Sendable (_ password: String) async throws -> String,
        verify: @escaping @Sendable (_ password: String, _ hash: String) async throws -> Bool,
        decoy: String
    ) {
        self.hash = hash
        self.verify = verify
        self.decoy = decoy
    }

    package func spendVerification(of password: String) async throws {
        _ = try await verify(password, decoy)
    }
}
