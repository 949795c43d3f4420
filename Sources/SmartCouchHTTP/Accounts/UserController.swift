import SmartCouchDomain
import SmartCouchServices
import Vapor

struct UserController {
    let users: UserService
    let auth: AuthService

    func register(routes: any RoutesBuilder, authenticated: any RoutesBuilder) {
        // The original clients created their user record here after signing up elsewhere; it is
        // registration by another name, so it is open like registration.
        routes.post("users", use: create)
        let group = authenticated.grouped("users")
        group.get(use: list)
        group.get("me", use: me)
        group.get(":id", use: profile)
        group.get("external", ":externalId", use: byExternalId)
    }

    @Sendable func create(_ request: Request) async throws -> Response {
        let user = try await auth.createUser(request.body(RegisterBody.self).registration)
        return try await UserBody(user).encodeResponse(status: .created, for: request)
    }

    @Sendable func me(_ request: Request) async throws -> UserBody {
        UserBody(try await users.me(request.principal))
    }

    @Sendable func list(_ request: Request) async throws -> [UserBody] {
        let limit = try PageQuery.limit(request, default: 100, in: 1...1000)
        let after = try request.query[String.self, at: "after"].map { text in
            guard let id = UUID(uuidString: text) else { throw AppError.invalid("after", "must be a user id") }
            return id
        }
        return try await users.all(for: request.principal, limit: limit, after: after).map(UserBody.init)
    }

    @Sendable func profile(_ request: Request) async throws -> Response {
        try await encode(users.profile(of: request.uuid("id"), for: request.principal), for: request)
    }

    @Sendable func byExternalId(_ request: Request) async throws -> Response {
        try await encode(users.profile(externalId: request.parameters.get("externalId") ?? "", for: request.principal), for: request)
    }

    private func encode(_ view: UserService.UserView, for request: Request) async throws -> Response {
        switch view {
        case .full(let user): try await UserBody(user).encodeResponse(for: request)
        case .public(let user): try await PublicUserBody(user).encodeResponse(for: request)
        }
    }
}
