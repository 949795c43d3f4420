public import Foundation
import HTTPTypes
import OpenAPIRuntime

/// An RFC 9457 problem the server answered, as an error: its kind, its status, what went wrong and,
/// for a validation failure, each field it names. An error answer that is no problem document (a
/// proxy's page) is one too, of kind `about:blank`, with the status it came with.
public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
    public struct FieldError: Sendable, Equatable, Decodable {
        /// The JSON path of the field, e.g. `checkIn` or `properties[0].channelUID`.
        public let field: String
        public let reason: String

        public init(field: String, reason: String) {
            self.field = field
            self.reason = reason
        }
    }

    /// A URI reference naming the kind, e.g. `/problems/validation-failed`.
    public let type: String
    public let title: String
    public let status: Int
    public let detail: String
    public let errors: [FieldError]
    /// The wait a 429 or a 503 asked for.
    public let retryAfter: Duration?

    public init(type: String, title: String, status: Int, detail: String = "", errors: [FieldError] = [], retryAfter: Duration? = nil) {
        (self.type, self.title, self.status, self.detail, self.errors, self.retryAfter) = (type, title, status, detail, errors, retryAfter)
    }

    /// The kind's last part, e.g. `validation-failed`.
    public var kind: String { String(type.split(separator: "/").last ?? "") }
    /// The first field a validation failure names.
    public var field: String? { errors.first?.field }
    public var description: String { detail.isEmpty ? "\(status) \(title)" : "\(status) \(title): \(detail)" }
}

extension Problem {
    private struct Document: Decodable {
        var type: String?
        var title: String?
        var status: Int?
        var detail: String?
        var errors: [FieldError]?
    }

    /// The problem an error answer carries, or one made of its status when it carries none.
    init(_ response: HTTPResponse, body: Data?) {
        let document = body.flatMap { try? JSONDecoder().decode(Document.self, from: $0) }
        let retryAfter = response.headerFields[.retryAfter].flatMap(Int.init).map { Duration.seconds($0) }
        self.init(
            type: document?.type ?? "about:blank", title: document?.title ?? response.status.reasonPhrase,
            status: document?.status ?? response.status.code, detail: document?.detail ?? "", errors: document?.errors ?? [],
            retryAfter: retryAfter)
    }
}

/// Throws every error the server answers as a ``Problem``, so that an app catches one error type
/// instead of matching each operation's documented failures.
struct Problems: ClientMiddleware {
    /// A problem is a few hundred bytes; a body past this is not one.
    static let limit = 64 << 10

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, answer) = try await next(request, body, baseURL)
        guard response.status.code >= 400 else { return (response, answer) }
        let type = response.headerFields[.contentType]?.lowercased() ?? ""
        let document = type.hasPrefix("application/problem+json") || type.hasPrefix("application/json")
        var bytes: Data?
        if document, let answer { bytes = try? await Data(collecting: answer, upTo: Self.limit) }
        throw Problem(response, body: bytes)
    }
}
