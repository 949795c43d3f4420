import SmartCouchDomain

/// Services name the fields of a validation failure as the domain does (`baseURL`, `command`);
/// the client sees them as its request spelled them (`baseUrl`, `state`).
func spelling<T>(_ names: [String: String], _ call: () async throws -> T) async throws -> T {
    do {
        return try await call()
    } catch let error as AppError where error.kind == .validationFailed {
        throw AppError.invalid(error.fieldIssues.map { FieldIssue(field: names[$0.field] ?? $0.field, reason: $0.reason) })
    }
}
