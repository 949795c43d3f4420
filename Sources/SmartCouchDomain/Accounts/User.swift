import Foundation

package struct User: Sendable, Equatable {
    package var id: UUID
    package var email: String
    package var name: String
    package var externalId: String?
    package var isAdmin: Bool
    package var createdAt: Date

    package init(id: UUID, email: String, name: String, externalId: String? = nil, isAdmin: Bool, createdAt: Date) {
        self.id = id
        self.email = email
        self.name = name
        self.externalId = externalId
        self.isAdmin = isAdmin
        self.createdAt = createdAt
    }
}

/// The authenticated caller of a request, as proven by an access token.
package struct Principal: Sendable, Equatable {
    package var userId: UUID
    package var sessionId: UUID
    /// When the caller last proved knowledge of the password; refreshing keeps it, so sensitive
    /// actions (unlocking a door) can demand a recent login.
    package var authenticatedAt: Date
    /// When the access token the caller sent expires: a stream it opened ends then.
    package var expiresAt: Date?

    package init(userId: UUID, sessionId: UUID, authenticatedAt: Date, expiresAt: Date? = nil) {
        self.userId = userId
        self.sessionId = sessionId
        self.authenticatedAt = authenticatedAt
        self.expiresAt = expiresAt
    }
}

/// Session tokens handed to a client after login, registration or refresh.
package struct TokenPair: Sendable {
    package var accessToken: String
    package var refreshToken: String
    package var expiresIn: Int

    package init(accessToken: String, refreshToken: String, expiresIn: Int) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
    }
}
