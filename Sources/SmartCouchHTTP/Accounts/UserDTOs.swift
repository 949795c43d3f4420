import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A user as they see themselves, or as an operator sees them.
struct UserBody: Content {
    var id: UUID
    var email: String
    var name: String
    var externalId: String?
    var isAdmin: Bool
    var createdAt: Date

    init(_ user: User) {
        id = user.id
        email = user.email
        name = user.name
        externalId = user.externalId
        isAdmin = user.isAdmin
        createdAt = user.createdAt
    }
}

/// A user as strangers see them: no email, no external id.
struct PublicUserBody: Content {
    var id: UUID
    var name: String
    var createdAt: Date

    init(_ user: User) {
        id = user.id
        name = user.name
        createdAt = user.createdAt
    }
}

struct SessionBody: Content {
    var user: UserBody
    var accessToken: String
    var refreshToken: String
    var expiresIn: Int
    var tokenType = "Bearer"

    init(_ user: User, _ tokens: TokenPair) {
        self.user = UserBody(user)
        accessToken = tokens.accessToken
        refreshToken = tokens.refreshToken
        expiresIn = tokens.expiresIn
    }
}

struct RegisterBody: Content {
    var email: String
    var password: String
    var name: String
    var externalId: String?

    var registration: AuthService.Registration {
        .init(email: email, password: password, name: name, externalId: externalId)
    }
}

struct LoginBody: Content {
    var email: String
    var password: String
}

struct RefreshBody: Content {
    var refreshToken: String
}
