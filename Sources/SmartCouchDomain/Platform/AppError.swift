/// A failure the caller can act on. Services throw these; the HTTP layer turns them into
/// `application/problem+json` responses, so no service needs to know about status codes.
package struct AppError: Error, Sendable, Equatable {
    package enum Kind: String, Sendable {
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
        /// The device's Thing is not ONLINE on its hub: a command would not reach it.
        case deviceOffline = "device-offline"
        /// A guest asks to book with as many requests waiting for hosts as one may have.
        case tooManyOpenRequests = "too-many-open-requests"
    }

    package var kind: Kind
    package var detail: String
    package var fieldIssues: [FieldIssue]
    /// Seconds a throttled caller should wait.
    package var retryAfter: Int?

    package init(_ kind: Kind, _ detail: String, fieldIssues: [FieldIssue] = [], retryAfter: Int? = nil) {
        self.kind = kind
        self.detail = detail
        self.fieldIssues = fieldIssues
        self.retryAfter = retryAfter
    }

    package static func badRequest(_ detail: String) -> AppError { .init(.badRequest, detail) }
    package static func unauthorized(_ detail: String) -> AppError { .init(.unauthorized, detail) }
    package static func forbidden(_ detail: String) -> AppError { .init(.forbidden, detail) }
    package static func notFound(_ detail: String) -> AppError { .init(.notFound, detail) }
    package static func conflict(_ detail: String) -> AppError { .init(.conflict, detail) }
    package static func invalid(_ issues: [FieldIssue]) -> AppError {
        .init(.validationFailed, issues.map { "\($0.field): \($0.reason)" }.joined(separator: "; "), fieldIssues: issues)
    }
    package static func invalid(_ field: String, _ reason: String) -> AppError {
        invalid([FieldIssue(field: field, reason: reason)])
    }
}

package struct FieldIssue: Codable, Sendable, Equatable {
    package var field: String
    package var reason: String

    package init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }
}
