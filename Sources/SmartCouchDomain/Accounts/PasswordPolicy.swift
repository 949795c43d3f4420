import Foundation

/// What a new password must be: at least 10 characters and more than spaces; at most 72 bytes of
/// UTF-8, because bcrypt reads no further (longer ones are refused rather than silently cut); not
/// the account's email or the part of it before the @; and not one of the 10,000 most common
/// passwords, whatever its letters' case.
package enum PasswordPolicy {
    package static let minimumLength = 10
    package static let maximumBytes = 72

    /// Read once, from the module's resource: lower case, one a line, after `#` comment lines.
    private static let common: Set<String> = {
        guard let url = Bundle.module.url(forResource: "common-passwords", withExtension: "txt"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else {
            fatalError("the common-password list is missing from SmartCouchDomain's resources")
        }
        return Set(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
    }()

    /// Why `password` may not be used by the account with `email`; nil when it may.
    package static func refusal(of password: String, email: String) -> String? {
        let folded = password.lowercased()
        let address = email.trimmingCharacters(in: .whitespaces).lowercased()
        if password.allSatisfy(\.isWhitespace) { return "must be more than spaces" }
        if password.count < minimumLength { return "must be at least \(minimumLength) characters" }
        if password.utf8.count > maximumBytes { return "must be at most \(maximumBytes) bytes" }
        if folded == address || folded == address.split(separator: "@").first.map(String.init) {
            return "must not be your email address"
        }
        if common.contains(folded) { return "is one of the most common passwords; choose another" }
        return nil
    }
}
