import Foundation
import HTTPTypes
import OpenAPIRuntime

/// A booking sent twice (a retry after a lost answer) books once: each booking gets a key of its
/// own unless the app chose one, and every retry of the call carries the same key.
struct IdempotencyKeys: ClientMiddleware {
    static let operations: Set<String> = ["createReservation"]
    static let field = HTTPField.Name("Idempotency-Key")!

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if Self.operations.contains(operationID), request.headerFields[Self.field] == nil {
            request.headerFields[Self.field] = UUID().uuidString.lowercased()
        }
        return try await next(request, body, baseURL)
    }
}
