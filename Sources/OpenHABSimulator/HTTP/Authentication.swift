import Vapor

/// openHAB's AuthFilter: a token from `X-OPENHAB-TOKEN`, `Authorization: Bearer` or `Authorization: Basic`
/// with the token as user name and no password. Bad credentials are refused on every `/rest` path,
/// before routing; roles are checked by each route (`Request.require`).
struct AuthenticationMiddleware: AsyncMiddleware {
    let tokens: [String: SimulatorConfiguration.Role]
    let implicitUserRole: Bool

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.url.path.hasPrefix("/rest") else { return try await next.respond(to: request) }
        request.storage[PrincipalKey.self] = try principal(for: request)
        return try await next.respond(to: request)
    }

    private func principal(for request: Request) throws(RESTFailure) -> Principal {
        guard let token = try token(in: request.headers) else {
            return Principal(authenticated: false, role: implicitUserRole ? .user : nil)
        }
        // API tokens start with `oh.`; anything else would be a UI session JWT, which the simulator never issues.
        guard token.hasPrefix("oh."), let role = tokens[token] else { throw .invalidCredentials }
        return Principal(authenticated: true, role: role)
    }

    private func token(in headers: HTTPHeaders) throws(RESTFailure) -> String? {
        if let token = headers.first(name: "X-OPENHAB-TOKEN") { return token }
        guard headers.first(name: .authorization) != nil else { return nil }
        if let bearer = headers.bearerAuthorization { return bearer.token }
        if let basic = headers.basicAuthorization {
            // `user:password` is basic authentication proper, which openHAB allows only when configured to.
            guard basic.password.isEmpty else { throw .invalidCredentials }
            return basic.username
        }
        throw .invalidCredentials
    }
}

struct Principal: Sendable {
    var authenticated: Bool
    var role: SimulatorConfiguration.Role?
}

private struct PrincipalKey: StorageKey {
    typealias Value = Principal
}

extension Request {
    /// Refuses the request unless its principal has `role` (an administrator has the user role too).
    func require(_ role: SimulatorConfiguration.Role) throws(RESTFailure) {
        let principal = storage[PrincipalKey.self] ?? Principal(authenticated: false, role: nil)
        if principal.role == .administrator || principal.role == role { return }
        throw principal.authenticated
            ? RESTFailure(status: 403, message: "Access denied")
            : RESTFailure(status: 401, message: "Authentication required")
    }
}

extension RESTFailure {
    static let invalidCredentials = RESTFailure(status: 401, message: "Invalid credentials")
}
