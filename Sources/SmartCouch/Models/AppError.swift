/// A failure the caller can act on. Services throw these; the HTTP layer turns them into
/// `application/problem+json` responses, so no service needs to know about status codes.
public struct AppError: Error, Sendable, Equatable {
    public enum Kind: String, Sendable {
        case badRequest = "bad-request"
        case unauthorized
        case reauthenticationRequired = "reauthentication-required"
        case forbidden
        case notFound = "not-found"
        case conflict
        case validationFailed = "validation-failed"
        case tooManyRequests = "too-many-requests"
        case badGateway = "bad-gateway"
        case gatewayTimeout = "gateway-timeout"
    }

    public var kind: Kind
    public var detail: String
    public var fieldIssues: [FieldIssue]
    /// Seconds a throttled caller should wait.
    public var retryAfter: Int?

    public init(_ kind: Kind, _ detail: String, fieldIssues: [FieldIssue] = [], retryAfter: Int? = nil) {
        self.kind = kind
        self.detail = detail
        self.fieldIssues = fieldIssues
        self.retryAfter = retryAfter
    }

    public static func badRequest(_ detail: String) -> AppError { .init(.badRequest, detail) }
    public static func unauthorized(_ detail: String) -> AppError { .init(.unauthorized, detail) }
    public static func forbidden(_ detail: String) -> AppError { .init(.forbidden, detail) }
    public static func notFound(_ detail: String) -> AppError { .init(.notFound, detail) }
    public static func conflict(_ detail: String) -> AppError { .init(.conflict, detail) }
    public static func invalid(_ issues: [FieldIssue]) -> AppError {
        .init(.validationFailed, issues.map { "\($0.field): \($0.reason)" }.joined(separator: "; "), fieldIssues: issues)
    }
    public static func invalid(_ field: String, _ reason: String) -> AppError {
        invalid([FieldIssue(field: field, reason: reason)])
    }
}

public struct FieldIssue: Codable, Sendable, Equatable {
    public var field: String
    public var reason: String

    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }
}
