import SmartCouchDomain

/// A form's fields as a browser sends them: every one as text, a cleared one as empty text. A field
/// that is not what it must be is the host's to fix, said on the page beside the form rather than
/// on a page of its own.
enum ConsoleField {
    /// A number field: empty is none; anything else must be a whole number.
    static func number(_ text: String?, _ field: String) throws -> Int? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard let number = Int(text) else { throw AppError.invalid(field, "must be a whole number") }
        return number
    }
}
