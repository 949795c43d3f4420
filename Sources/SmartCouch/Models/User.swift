import Foundation

public struct User: Sendable, Equatable {
    public var id: UUID
    public var email: String
    public var name: String
    public var externalId: String?
    public var isAdmin: Bool
    public var createdAt: Date
}

/// The authenticated caller of a request, as proven by an access token.
public struct Principal: Sendable, Equatable {
    public var userId: UUID
    public var sessionId: UUID
    /// When the caller last proved knowledge of the password; refreshing keeps it, so sensitive
    /// actions (unlocking a door) can demand a recent login.
    public var authenticatedAt: Date
}

/// Session tokens handed to a client after login, registration or refresh.
public struct TokenPair: Sendable {
    public var accessToken: String
    public var refreshToken: String
    public var expiresIn: Int
}
