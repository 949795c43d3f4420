import SmartCouchDomain
import SmartCouchServices
import Vapor

struct AuthController {
    let auth: AuthService

    func register(routes: any RoutesBuilder, authenticated: any RoutesBuilder) {
        let group = routes.grouped("auth")
        group.post("register", use: register)
        group.post("login", use: login)
        group.post("refresh", use: refresh)
        authenticated.grouped("auth").post("logout", use: logout)
    }

    @Sendable func register(_ request: Request) async throws -> Response {
        let (user, tokens) = try await auth.register(request.body(RegisterBody.self).registration)
        return try await SessionBody(user, tokens).encodeResponse(status: .created, for: request)
    }

    @Sendable func login(_ request: Request) async throws -> SessionBody {
        let body = try request.body(LoginBody.self)
        let (user, tokens) = try await auth.login(
            email: body.email, password: body.password,
            address: request.clientAddress)
        return SessionBody(user, tokens)
    }

    @Sendable func refresh(_ request: Request) async throws -> SessionBody {
        let (user, tokens) = try await auth.refresh(refreshToken: request.body(RefreshBody.self).refreshToken)
        return SessionBody(user, tokens)
    }

    struct LogoutQuery: Content {
        var all: Bool?
    }

    /// Decoded, not looked up: a lookup reads `all=yes` as absent, which would quietly log out
    /// only this session when the user asked for every one.
    @Sendable func logout(_ request: Request) async throws -> HTTPStatus {
        try await auth.logout(request.principal, everywhere: request.query.decode(LogoutQuery.self).all ?? false)
        return .noContent
    }
}
