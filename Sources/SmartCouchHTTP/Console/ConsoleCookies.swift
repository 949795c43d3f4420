import Foundation
import Vapor

/// The console's cookies: the session's, only for the console's paths, never read by a script,
/// and sent along when a host follows a link to the console from elsewhere (Lax), not with
/// another site's form; and a one-time notice a form's answer leaves for the page it leads to.
enum ConsoleCookies {
    static let path = "/console"
    static let notice = "console-notice"
    static let noticeLifetime = 60

    static func session(_ token: String, expiresAt: Date, secure: Bool) -> HTTPCookies.Value {
        HTTPCookies.Value(
            string: token, expires: expiresAt, path: path, isSecure: secure, isHTTPOnly: true, sameSite: .lax)
    }

    static func expired(_ request: Request) -> HTTPCookies.Value {
        HTTPCookies.Value(string: "", expires: Date(timeIntervalSince1970: 0), maxAge: 0, path: path, isHTTPOnly: true, sameSite: .lax)
    }

    /// Compares in time that does not depend on where the two differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
