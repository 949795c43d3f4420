import Testing

@testable import SmartCouchDomain

/// What a new password must be, read from the rule itself (the HTTP tests check the answers).
@Suite struct PasswordPolicyTests {
    @Test(arguments: [
        ("          ", "must be more than spaces"),
        ("short one", "must be at least 10 characters"),
        (String(repeating: "é", count: 40), "must be at most 72 bytes"),
        ("ada@example.com", "must not be your email address"),
        ("Ada@Example.com", "must not be your email address"),
        ("1234567890", "is one of the most common passwords; choose another"),
        ("QWERTYUIOP", "is one of the most common passwords; choose another")
    ])
    func aRefusedPasswordSaysWhy(password: String, reason: String) {
        #expect(PasswordPolicy.refusal(of: password, email: "ada@example.com") == reason)
    }

    @Test func theWholeCommonListIsReadFromItsResource() {
        // Its first and its last entry long enough to be a password: a list cut short would miss one.
        let common = "is one of the most common passwords; choose another"
        #expect(PasswordPolicy.refusal(of: "qwertyuiop", email: "x@example.com") == common)
        #expect(PasswordPolicy.refusal(of: "123456789qwerty", email: "x@example.com") == common)
        #expect(PasswordPolicy.refusal(of: "a fine long passphrase", email: "x@example.com") == nil)
    }
}
