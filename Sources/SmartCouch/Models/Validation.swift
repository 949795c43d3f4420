/// Collects every problem with an input before failing, so a client learns all of them at once.
public struct Validation: Sendable {
    private(set) var issues: [FieldIssue] = []

    public init() {}

    public mutating func check(_ condition: Bool, _ field: String, _ reason: @autoclosure () -> String) {
        if !condition { issues.append(FieldIssue(field: field, reason: reason())) }
    }

    public mutating func fail(_ field: String, _ reason: String) {
        issues.append(FieldIssue(field: field, reason: reason))
    }

    public var isEmpty: Bool { issues.isEmpty }

    public func finish() throws {
        if !issues.isEmpty { throw AppError.invalid(issues) }
    }
}
