import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// Reading users, with what each caller may see of them.
package struct UserService: Sendable {
    let users: UserRepository
    let operators: Operators

    package init(users: UserRepository, operators: Operators) {
        self.users = users
        self.operators = operators
    }

    package func me(_ principal: Principal) async throws -> User {
        guard let user = try await users.find(id: principal.userId) else {
            throw AppError.unauthorized("the account of this token no longer exists")
        }
        return operators.recognize(user)
    }

    /// Another user as the caller may see them: the email only to the user themselves or an operator.
    package func profile(of id: UUID, for principal: Principal) async throws -> UserView {
        guard let user = try await users.find(id: id) else { throw AppError.notFound("no user with id \(id)") }
        return try await view(of: operators.recognize(user), for: principal)
    }

    package func profile(externalId: String, for principal: Principal) async throws -> UserView {
        guard let user = try await users.find(externalId: externalId) else {
            throw AppError.notFound("no user with externalId \(externalId)")
        }
        return try await view(of: operators.recognize(user), for: principal)
    }

    package func all(for principal: Principal, limit: Int, after cursor: UUID?) async throws -> [User] {
        try await requireOperator(principal)
        return try await users.all(limit: limit, after: cursor).map(operators.recognize)
    }

    package func requireOperator(_ principal: Principal) async throws {
        guard try await me(principal).isAdmin else { throw AppError.forbidden("only operators may do this") }
    }

    private func view(of user: User, for principal: Principal) async throws -> UserView {
        if user.id == principal.userId { return .full(user) }
        return try await me(principal).isAdmin ? .full(user) : .public(user)
    }

    package enum UserView: Sendable {
        case full(User)
        case `public`(User)
    }
}
