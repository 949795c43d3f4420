import Foundation
import HTTPTransport
import ServiceContextModule
import Vapor

/// Gives every request an id: the caller's `X-Request-Id` when it is a short run of safe
/// characters, else a new lowercase UUID. The id comes back on the answer, is on every log line
/// written for the request (its logger's metadata, and the service context the log handler reads),
/// and goes with its hub calls.
struct RequestIDMiddleware: AsyncMiddleware {
    static let header = "X-Request-Id"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let id = Self.accepted(request.headers.first(name: Self.header)) ?? UUID().uuidString.lowercased()
        request.logger[metadataKey: "request-id"] = .string(id)
        var context = request.serviceContext
        context.requestID = id
        request.serviceContext = context
        let response = try await ServiceContext.withValue(context) { try await next.respond(to: request) }
        response.headers.replaceOrAdd(name: Self.header, value: id)
        return response
    }

    /// Another id is ignored, not refused: a header meant for tracing never costs the request.
    static func accepted(_ value: String?) -> String? {
        // Whitespace around a header value is not part of it (RFC 9110).
        guard let value = value?.trimmingCharacters(in: CharacterSet(charactersIn: " \t")),
            (1...128).contains(value.utf8.count), value.utf8.allSatisfy(isSafe)
        else { return nil }
        return value
    }

    /// What a log line or a header can carry as it is: letters, digits and `-_.:+/=@`.
    private static func isSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "+"), UInt8(ascii: "/"),
            UInt8(ascii: "="), UInt8(ascii: "@"):
            true
        default: false
        }
    }
}
