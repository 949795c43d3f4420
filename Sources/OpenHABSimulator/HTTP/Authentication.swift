import Vapor

/// openHAB's AuthFilter: a token from `X-OPENHAB-TOKEN`, `Authorization: Bearer` or `Authorization: Basic`
/// with the token as user name and no password. Bad credentials are refused on every `/rest` path,
/// before routing; roles are checked by each route (`Request.require`).
struct AuthenticationMiddleware: AsyncMiddleware {
    let tokens: [String: SimulatorConfiguration.Role]
    let implicitUserRole: Bool

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.url.path.hasPrefix("/rest") else { return try await next.respond(to: request) }
        request.storage[PrincipalKey.self] = try principal(token: try Self.token(in: request.headers))
        return try await next.respond(to: request)
    }

    /// Who presents `token` (nil: no credentials at all).
    func principal(token: String?) throws(RESTFailure) -> Principal {
        guard let token else {
            return Principal(authenticated: false, role: implicitUserRole ? .user : nil)
        }
        // API tokens start with `oh.`; anything else would be a UI session JWT, which the simulator never issues.
        guard token.hasPrefix("oh."), let role = tokens[token] else { throw .invalidCredentials }
        return Principal(authenticated: true, role: role)
    }

    static func token(in headers: HTTPHeaders) throws(RESTFailure) -> String? {
        if let token = headers.first(name: "X-OPENHAB-TOKEN") { return token }
        guard let authorization = headers.first(name: .authorization) else { return nil }
        let parts = authorization.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .invalidCredentials }
        switch parts[0].lowercased() {
        case "bearer": return String(parts[1])
        case "basic": return try basicToken(String(parts[1]))
        default: throw .invalidCredentials
        }
    }

    /// openHAB splits the decoded value at colons as Java does, dropping empty trailing parts: `token`
    /// and `token:` are the token. `user:password` is basic authentication proper, which openHAB allows
    /// only when configured to.
    static func basicToken(_ encoded: String) throws(RESTFailure) -> String {
        guard let data = Data(base64Encoded: encoded), let decoded = String(data: data, encoding: .utf8) else { throw .invalidCredentials }
        var parts = decoded.split(separator: ":", omittingEmptySubsequences: false)
        while parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
        guard parts.count == 1 else { throw .invalidCredentials }
        return String(parts[0])
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
