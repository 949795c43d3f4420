import SmartCouchDomain
import SmartCouchServices
import Vapor

/// Turns every error into an RFC 9457 `application/problem+json` response. Nothing internal
/// (stack, SQL, type names) reaches the client; unexpected errors are logged and answered 500.
struct ProblemMiddleware: AsyncMiddleware {
    /// Whether an error is the database saying it could not do the work: the composition root knows.
    let databaseUnavailable: @Sendable (any Error) -> DatabaseUnavailable?

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let unavailable = databaseUnavailable(error)
            let problem = Problem(error, request: request, unavailable: unavailable)
            if problem.status == .internalServerError {
                request.logger.error("unhandled error: \(String(reflecting: error))")
            } else if let unavailable {
                request.logger.warning(
                    "\(request.method) \(RequestLoggingMiddleware.loggablePath(of: request)): answered 503, the database bound that fired: \(unavailable.reason.rawValue)"
                )
            }
            return problem.response()
        }
    }
}

struct Problem: Encodable {
    var type: String
    var title: String
    var status: HTTPResponseStatus
    var detail: String
    var errors: [FieldIssue]?
    var headers: HTTPHeaders = [:]

    enum CodingKeys: String, CodingKey { case type, title, status, detail, errors }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(title, forKey: .title)
        try container.encode(Int(status.code), forKey: .status)
        try container.encode(detail, forKey: .detail)
        try container.encodeIfPresent(errors, forKey: .errors)
    }

    init(status: HTTPResponseStatus, type: String = "about:blank", detail: String, errors: [FieldIssue]? = nil) {
        self.type = type
        self.title = status.reasonPhrase
        self.status = status
        self.detail = detail
        self.errors = errors
    }

    /// `unavailable` when the error is the database's being unavailable.
    init(_ error: any Error, request: Request, unavailable: DatabaseUnavailable?) {
        if let unavailable {
            let state =
                switch unavailable.reason {
                case .unreachable: "the database is unreachable"
                case .stopping: "the server is stopping"
                default: "the database is busy"
                }
            self.init(
                status: .serviceUnavailable, type: "/problems/database-unavailable",
                detail: "\(state) (\(unavailable.reason.rawValue)); try again in a moment")
            headers.replaceOrAdd(name: .retryAfter, value: "\(unavailable.retryAfter)")
            return
        }
        switch error {
        case let error as AppError:
            self.init(
                status: error.kind.status, type: "/problems/\(error.kind.rawValue)", detail: error.detail,
                errors: error.fieldIssues.isEmpty ? nil : error.fieldIssues)
            if let retryAfter = error.retryAfter { headers.replaceOrAdd(name: .retryAfter, value: "\(retryAfter)") }
            if error.kind == .unauthorized || error.kind == .reauthenticationRequired {
                headers.replaceOrAdd(name: .wwwAuthenticate, value: "Bearer")
            }
        case let error as DecodingError:
            self = Problem(decoding: error)
        case let error as any AbortError where error.status == .notFound && error.reason == HTTPResponseStatus.notFound.reasonPhrase:
            self.init(status: .notFound, detail: "no route for \(request.method) \(request.url.path)")
        case let error as any AbortError:
            self.init(status: error.status, detail: error.reason)
            headers = error.headers
        default:
            self.init(status: .internalServerError, detail: "the server failed to handle this request; it has been logged")
        }
    }

    /// Invalid JSON is a bad request; valid JSON with wrong or missing fields is unprocessable,
    /// and says which field.
    init(decoding error: DecodingError) {
        func path(_ context: DecodingError.Context, _ last: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (last.map { [$0] } ?? [])
            return keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
                .replacingOccurrences(of: ".[", with: "[")
        }
        let issue: FieldIssue
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self.init(status: .badRequest, type: "/problems/bad-request", detail: "the body is not valid JSON: \(context.debugDescription)")
            return
        case .dataCorrupted(let context) where context.debugDescription.hasPrefix("Attempted to decode UUID"):
            // Foundation's own wording for a malformed id.
            issue = FieldIssue(field: path(context), reason: "must be a UUID")
        case .dataCorrupted(let context):
            issue = FieldIssue(field: path(context), reason: context.debugDescription)
        case .keyNotFound(let key, let context):
            issue = FieldIssue(field: path(context, key), reason: "is required")
        case .valueNotFound(_, let context):
            issue = FieldIssue(field: path(context), reason: "must not be null")
        case .typeMismatch(let type, let context):
            issue = FieldIssue(field: path(context), reason: "must be \(Self.describe(type))")
        @unknown default:
            issue = FieldIssue(field: "", reason: "is not valid")
        }
        self.init(
            status: .unprocessableEntity, type: "/problems/validation-failed",
            detail: "\(issue.field.isEmpty ? "body" : issue.field): \(issue.reason)", errors: [issue])
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Int32.Type: "an integer"
        case is Double.Type, is Float.Type, is Decimal.Type: "a number"
        case is Bool.Type: "a boolean"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }

    func response() -> Response {
        var headers = self.headers
        headers.replaceOrAdd(name: .contentType, value: "application/problem+json")
        let body = (try? JSONCoding.encoder.encode(self)) ?? Data()
        return Response(status: status, headers: headers, body: .init(data: body))
    }
}

extension AppError.Kind {
    var status: HTTPResponseStatus {
        switch self {
        case .badRequest: .badRequest
        case .unauthorized, .reauthenticationRequired: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .conflict, .deviceOffline, .tooManyOpenRequests: .conflict
        case .validationFailed: .unprocessableEntity
        case .tooManyRequests: .tooManyRequests
        case .badGateway: .badGateway
        case .gatewayTimeout: .gatewayTimeout
        }
    }
}
