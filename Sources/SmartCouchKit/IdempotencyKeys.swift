import Foundation
import HTTPTypes
import OpenAPIRuntime

/// A booking sent twice books once: each booking gets a key of its own unless the app chose one,
/// and when its answer is lost on the way (the connection drops, a timeout) it is sent again with
/// the same key, up to twice, so that the server answers the first booking instead of making a
/// second. Problems are answers, not losses: they are not sent again.
struct IdempotencyKeys: ClientMiddleware {
    static let operations: Set<String> = ["createReservation"]
    static let field = HTTPField.Name("Idempotency-Key")!
    static let resends = 2

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard Self.operations.contains(operationID) else { return try await next(request, body, baseURL) }
        var request = request
        if request.headerFields[Self.field] == nil {
            request.headerFields[Self.field] = UUID().uuidString.lowercased()
        }
        var resent = 0
        while true {
            do {
                return try await next(request, body, baseURL)
            } catch let error where resent < Self.resends && Self.lost(error) && (body?.iterationBehavior ?? .multiple) == .multiple {
                resent += 1
                try await Task.sleep(for: .milliseconds(500 * resent))
            }
        }
    }

    /// Whether the answer may have been lost: anything but an answer the server gave. (What the
    /// inner middlewares throw reaches this one wrapped in a `ClientError`.)
    private static func lost(_ error: any Error) -> Bool {
        let cause = (error as? ClientError)?.underlyingError ?? error
        return !(cause is Problem || cause is SessionError || cause is CancellationError)
    }
}
