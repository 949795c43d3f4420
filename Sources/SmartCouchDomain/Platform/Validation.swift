import Foundation

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

    /// Checks a text's length as the schema's CHECK measures it. PostgreSQL's length() counts code
    /// points where Swift's `count` counts characters ("e" with 300 combining accents is one), so
    /// a text within the one can overflow the other. `trimmed` texts are measured without the
    /// spaces around them, as length(btrim(…)) measures; a range from 1 also refuses a blank text.
    package mutating func checkLength(_ text: String, _ field: String, in range: ClosedRange<Int>, trimmed: Bool = false) {
        let measured = trimmed ? text.trimmingCharacters(in: CharacterSet(charactersIn: " ")) : text
        let blank = range.lowerBound > 0 && text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        check(
            range.contains(measured.unicodeScalars.count) && !blank, field,
            range.lowerBound == 0
                ? "must be at most \(range.upperBound) characters"
                : "must be \(range.lowerBound) to \(range.upperBound) characters")
    }

    /// A name or another text shown on one line (pages, calendar lines, log lines): no line break,
    /// Unicode's line and paragraph separators included, and no other control character.
    package mutating func checkOneLine(_ text: String, _ field: String) {
        let breaks: Set<Unicode.GeneralCategory> = [.control, .lineSeparator, .paragraphSeparator]
        check(!text.unicodeScalars.contains { breaks.contains($0.properties.generalCategory) }, field, "must be one line, without control characters")
    }

    package var isEmpty: Bool { issues.isEmpty }

    package func finish() throws {
        if !issues.isEmpty { throw AppError.invalid(issues) }
    }
}
