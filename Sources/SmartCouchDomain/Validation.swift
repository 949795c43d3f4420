/// Collects every problem with an input before failing, so a client learns all of them at once.
package struct Validation: Sendable {
    private(set) var issues: [FieldIssue] = []

    package init() {}

    package mutating func check(_ condition: Bool, _ field: String, _ reason: @autoclosure () -> String) {
        if !condition { issues.append(FieldIssue(field: field, reason: reason())) }
    }

    package mutating func fail(_ field: String, _ reason: String) {
        issues.append(FieldIssue(field: field, reason: reason))
    }

    package var isEmpty: Bool { issues.isEmpty }

    package func finish() throws {
        if !issues.isEmpty { throw AppError.invalid(issues) }
    }
}
