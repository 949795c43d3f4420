import Foundation

/// How many failed logins an account takes within a window before it must wait.
package struct LoginThrottle: Sendable {
    package var maxFailures = 10
    package var window: TimeInterval = 15 * 60

    package init() {}
}
