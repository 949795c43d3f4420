import SmartCouchDomain

/// Who operates the server: users whose stored flag says so (`smartcouch promote`), and those the
/// configuration names by email (`ADMIN_EMAILS`) whatever their flag says.
package struct Operators: Sendable {
    /// Lower-cased.
    let emails: Set<String>

    package init(emails: Set<String>) {
        self.emails = Set(emails.map { $0.lowercased() })
    }

    /// The user with `isAdmin` as this rule has it.
    package func recognize(_ user: User) -> User {
        var user = user
        user.isAdmin = user.isAdmin || emails.contains(user.email.lowercased())
        return user
    }
}
