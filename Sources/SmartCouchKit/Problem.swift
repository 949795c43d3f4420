public import Foundation
import HTTPTypes
import OpenAPIRuntime

/// An RFC 9457 problem the server answered, as an error: its kind, its status, what went wrong and,
/// for a validation failure, each field it names.
public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
    public struct FieldError: Sendable, Equatable, Decodable {
        /// The JSON path of the field, e.g. `checkIn` or `properties[0].channelUID`.
        public let field: String
        public let reason: String
    }

    /// A URI reference naming the kind, e.g. `/problems/validation-failed`.
    public let type: String
    public let title: String
    public let status: Int
    public let detail: String
    public let errors: [FieldError]
    /// The wait a 429 or a 503 asked for.
    public let retryAfter: Duration?

    /// The kind's last part, e.g. `validation-failed`.
    public var kind: String { String(type.split(separator: "/").last ?? "") }
    /// The first field a validation failure names.
    public var field: String? { errors.first?.field }
    public var description: String { "\(status) \(title): \(detail)" }
}

extension Problem: Decodable {
    private enum CodingKeys: String, CodingKey { case type, title, status, detail, errors }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        title = try container.decode(String.self, forKey: .title)
        status = try container.decode(Int.self, forKey: .status)
        detail = try container.decode(String.self, forKey: .detail)
        errors = try container.decodeIfPresent([FieldError].self, forKey: .errors) ?? []
        retryAfter = nil
    }

    init(_ problem: Problem, retryAfter: Duration?) {
        (type, title, status, detail, errors) = (problem.type, problem.title, problem.status, problem.detail, problem.errors)
        self.retryAfter = retryAfter
    }
}

/// Throws every problem the server answers, so that an app catches one error type instead of
/// matching each operation's documented failures.
struct Problems: ClientMiddleware {
    /// A problem is a few hundred bytes; a body past this is not one.
    static let limit = 64 << 10

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, answer) = try await next(request, body, baseURL)
        guard response.status.code >= 400, response.headerFields[.contentType]?.hasPrefix("application/problem+json") == true,
              let answer else { return (response, answer) }
        let bytes = try await Data(collecting: answer, upTo: Self.limit)
        let problem = try JSONDecoder().decode(Problem.self, from: bytes)
        let wait = response.headerFields[.retryAfter].flatMap(Int.init).map { Duration.seconds($0) }
        throw Problem(problem, retryAfter: wait)
    }
}
