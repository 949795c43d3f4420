import SmartCouchDomain
import SmartCouchServices
import Vapor

/// Admits only requests with a valid access token and remembers who made them.
struct RequireAuthentication: AsyncMiddleware {
    let auth: AuthService

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let bearer = request.headers.bearerAuthorization else {
            throw AppError.unauthorized("this endpoint needs an access token: send Authorization: Bearer <token>")
        }
        request.storage[PrincipalKey.self] = try await auth.authenticate(accessToken: bearer.token)
        return try await next.respond(to: request)
    }
}

private enum PrincipalKey: StorageKey {
    typealias Value = Principal
}

extension Request {
    /// The caller; only on routes behind `RequireAuthentication`.
    var principal: Principal {
        get throws {
            guard let principal = storage[PrincipalKey.self] else {
                throw AppError.unauthorized("this endpoint needs an access token")
            }
            return principal
        }
    }
}
