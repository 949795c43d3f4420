import Foundation

/// How many failed logins a caller, or an account from anywhere, takes within a window before
/// further attempts must wait. An account takes more than a caller: a stranger's ten guesses from
/// one address stop that address, not the account's owner; guesses from many addresses at once
/// stop the account too.
package struct LoginThrottle: Sendable {
    /// From one client address, whichever emails.
    package var maxFailures = 10
    /// For one email, from any address.
    package var maxFailuresPerEmail = 100
    package var window: TimeInterval = 15 * 60

    package init() {}
}
