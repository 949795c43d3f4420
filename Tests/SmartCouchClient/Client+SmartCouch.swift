package import Foundation
import HTTPTypes
package import OpenAPIRuntime

extension Client {
    /// A client for SmartCouch as a client team sets one up: instants with milliseconds (the
    /// runtime's default transcoder refuses fractions), and `Authorization: Bearer <token>` on every
    /// call, the security scheme that swagger.yaml declares but generated clients leave to them.
    package init(serverURL: URL, transport: any ClientTransport, bearerToken: String?) {
        self.init(
            serverURL: serverURL, configuration: Configuration(dateTranscoder: .iso8601WithFractionalSeconds),
            transport: transport, middlewares: bearerToken.map { [BearerToken(token: $0)] } ?? [])
    }
}

private struct BearerToken: ClientMiddleware {
    let token: String

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, body, baseURL)
    }
}
