import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// Signing in to the console and out of it. Signing in is the API's login (its password check and
/// throttle) starting a session whose token only the browser's cookie holds; signing out revokes
/// that session and tells the browser to drop what it kept of the console's pages.
struct ConsoleLoginController {
    /// The sign-in form's own anti-forgery token, for a browser that has no session yet.
    static let formCookie = "console-login"

    let auth: AuthService
    let view: ConsoleView

    func register(routes: any RoutesBuilder, signedIn: any RoutesBuilder) {
        routes.get("console", "login", use: form)
        routes.post("console", "login", use: signIn)
        signedIn.post("console", "logout", use: signOut)
    }

    struct LoginPage: Encodable {
        var lang: String
        var t: [String: String]
        var title: String
        var csrf: String
        var next: String
        var error: String?
    }

    @Sendable func form(_ request: Request) async throws -> Response {
        let t = view.language(request)
        let token = request.cookies[Self.formCookie]?.string.nonEmpty ?? Self.newToken()
        let error: String? =
            switch request.query[String.self, at: "error"] {
            case "wrong": t["wrongLogin"]
            case "throttled": t("throttled", ["seconds": request.query[String.self, at: "wait"].flatMap { Int($0) }.map(String.init) ?? "60"])
            case "expired": t["formExpired"]
            default: nil
            }
        let page = LoginPage(
            lang: t.code, t: view.strings.strings(for: "console/login", in: t), title: t["signIn"], csrf: token,
            next: Self.next(request.query[String.self, at: "next"]),
            error: error)
        let response = try await PageResponse.render("console/login", page, with: view.views, for: request)
        response.cookies[Self.formCookie] = HTTPCookies.Value(
            string: token, maxAge: 3600, path: "/console/login", isSecure: view.secureCookies, isHTTPOnly: true, sameSite: .strict)
        return response
    }

    struct SignInForm: Content {
        var email: String
        var password: String
        var csrf: String
        var next: String?
    }

    @Sendable func signIn(_ request: Request) async throws -> Response {
        guard let form = try? request.content.decode(SignInForm.self) else {
            throw AppError.badRequest("send the sign-in form: email, password and csrf, as application/x-www-form-urlencoded")
        }
        let next = Self.next(form.next)
        guard let expected = request.cookies[Self.formCookie]?.string, ConsoleCookies.same(form.csrf, expected) else {
            throw AppError.forbidden("this form did not come from the console's sign-in page; open it again")
        }
        let back = { (error: String) in
            "/console/login?error=\(error)&next=\(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        }
        let session: AuthService.BrowserSession
        do {
            session = try await auth.signIn(email: form.email, password: form.password, address: request.clientAddress)
        } catch let refusal as AppError where refusal.kind == .unauthorized || refusal.kind == .validationFailed {
            return ConsoleRedirect.to(back("wrong"))
        } catch let refusal as AppError where refusal.kind == .tooManyRequests {
            return ConsoleRedirect.to(back("throttled") + "&wait=\(refusal.retryAfter ?? 60)")
        }
        let response = ConsoleRedirect.to(next)
        response.cookies[ConsoleSession.cookie] = ConsoleCookies.session(session.token, expiresAt: session.expiresAt, secure: view.secureCookies)
        response.cookies[Self.formCookie] = HTTPCookies.Value(string: "", maxAge: 0, path: "/console/login", isHTTPOnly: true, sameSite: .strict)
        return response
    }

    /// The browser is told to forget the console's pages, so Back shows none of them.
    @Sendable func signOut(_ request: Request) async throws -> Response {
        try await auth.logout(try request.console.principal, everywhere: false)
        let response = ConsoleRedirect.to("/console/login")
        response.cookies[ConsoleSession.cookie] = ConsoleCookies.expired(request)
        response.headers.replaceOrAdd(name: "Clear-Site-Data", value: "\"cache\"")
        return response
    }

    /// Where to go after signing in: only a console page of this site, never elsewhere. A dot
    /// segment would climb out of the console (`/console/../stays`), and only visible ASCII goes
    /// into a `Location` header, as the console's own links are written.
    static func next(_ wanted: String?) -> String {
        guard let wanted, wanted == "/console" || wanted.hasPrefix("/console/") || wanted.hasPrefix("/console?"),
            !wanted.hasPrefix("/console/login"), !wanted.contains("\\"),
            wanted.utf8.allSatisfy({ (0x21...0x7E).contains($0) }), wanted.utf8.count <= 2048
        else { return "/console" }
        let path = wanted.prefix { $0 != "?" && $0 != "#" }
        let dotSegment = { (segment: Substring) in [".", ".."].contains(segment.lowercased().replacingOccurrences(of: "%2e", with: ".")) }
        guard !path.split(separator: "/").contains(where: dotSegment) else { return "/console" }
        return wanted
    }

    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64URLEncodedString
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
