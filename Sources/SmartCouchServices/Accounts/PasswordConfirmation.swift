import SmartCouchDomain
import SmartCouchPersistence

/// Checks a password for a step-up without opening a new session.
package struct PasswordConfirmation: Sendable {
    let users: UserRepository
    let passwords: PasswordHasher

    package init(users: UserRepository, passwords: PasswordHasher) {
        self.users = users
        self.passwords = passwords
    }

    package func confirm(_ password: String, for principal: Principal) async throws -> Bool {
        guard let user = try await users.find(id: principal.userId),
            let (_, hash) = try await users.credentials(email: user.email)
        else { return false }
        return try await passwords.verify(password, hash)
    }
}
