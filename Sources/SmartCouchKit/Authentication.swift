import Foundation
import HTTPTypes
import OpenAPIRuntime

/// `Authorization: Bearer` with the session's access token on every call that takes one; a call
/// refused with 401 is sent once more with a renewed token when its body can be sent again.
struct Authentication: ClientMiddleware {
    /// The operations that make or renew a session, which send no token.
    static let open: Set<String> = ["register", "login", "refresh"]
    let session: Session

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard !Self.open.contains(operationID), let token = await session.tokens?.accessToken else {
            return try await next(request, body, baseURL)
        }
        let answer = try await next(Self.request(request, bearing: token), body, baseURL)
        guard answer.0.status == .unauthorized, (body?.iterationBehavior ?? .multiple) == .multiple else { return answer }
        let renewed = try await session.renewed(after: token)
        return try await next(Self.request(request, bearing: renewed), body, baseURL)
    }

    private static func request(_ request: HTTPRequest, bearing token: String) -> HTTPRequest {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return request
    }
}
