import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// Who is signed in to the console, from the session cookie; and, on every POST, that the form
/// came from one of the console's own pages (its anti-forgery token). Someone not signed in is
/// sent to the sign-in page from a browser and refused 401 otherwise; a form without the token
/// is refused 403 and changes nothing.
struct ConsoleSession: AsyncMiddleware {
    static let cookie = "console"
    static let formField = "csrf"
    /// The largest form the console takes: its longest, the guide, is a few texts of 4,000 characters.
    static let formLimit = 256 * 1024

    let auth: AuthService
    let couches: CouchService

    struct Signed: Sendable {
        var principal: Principal
        /// What every form of this session carries back.
        var formToken: String
        /// The host's couches, by name, for the console's menu.
        var couches: [CouchName]
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let token = request.cookies[Self.cookie]?.string, !token.isEmpty else { return try signInFirst(request) }
        let principal: Principal
        do {
            principal = try await auth.browserSession(token: token)
        } catch let refusal as AppError where refusal.kind == .unauthorized {
            let response = try signInFirst(request)
            response.cookies[Self.cookie] = ConsoleCookies.expired(request)
            return response
        }
        let formToken = Self.formToken(for: token)
        if request.method == .POST {
            // The form's body, whole: it may arrive in several reads, and the token is in it.
            _ = try await request.body.collect(max: Self.formLimit).get()
            let sent = try? request.content.get(String.self, at: Self.formField)
            guard let sent, ConsoleCookies.same(sent, formToken) else {
                throw AppError.forbidden("this form did not come from the console's own page; open the page again and resend it")
            }
        }
        // Each key made once per couch: a tuple compared in the sort's closure is built whole at
        // every comparison.
        let couches = try await couches.names(ownedBy: principal.userId).map { ($0, Self.sortKey($0.name)) }
            .sorted { ($0.1, $0.0.name, $0.0.id) < ($1.1, $1.0.name, $1.0.id) }.map(\.0)
        request.storage[SignedKey.self] = Signed(principal: principal, formToken: formToken, couches: couches)
        return try await next.respond(to: request)
    }

    /// The console's pages are for hosts, someone with a couch; anyone signed in may sign out.
    struct HostsOnly: AsyncMiddleware {
        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            guard try !request.console.couches.isEmpty else { throw AppError.forbidden("the console is for hosts: this account has no couch") }
            return try await next.respond(to: request)
        }
    }

    /// Names in the order a person reads them: case and accents aside ("Ábel" among the a's), and
    /// numbers by their value ("Flat 2" before "Flat 10"). A locale's collation would cost a
    /// locale made for every comparison.
    static func sortKey(_ name: String) -> String {
        let folded =
            name.utf8.allSatisfy { $0 < 0x80 } ? name.lowercased() : name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        // Byte by byte: digits are ASCII, and no other character's UTF-8 bytes are.
        var key: [UInt8] = []
        key.reserveCapacity(folded.utf8.count + 24)
        var digits = 0
        for byte in folded.utf8 + [UInt8(ascii: " ")] {
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                key.append(byte)
                digits += 1
                continue
            }
            if digits > 0 {
                key.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, 20 - digits)), at: key.count - digits)
                digits = 0
            }
            key.append(byte)
        }
        return String(decoding: key, as: UTF8.self)
    }

    static func formToken(for sessionToken: String) -> String { AuthService.browserKey("console-form", token: sessionToken) }

    /// A browser asking for a page goes to the sign-in page, which brings it back here after.
    private func signInFirst(_ request: Request) throws -> Response {
        guard request.method == .GET, request.prefersHTML else {
            throw AppError.unauthorized("sign in to the console first: POST /console/login")
        }
        var back = URLComponents()
        back.queryItems = [URLQueryItem(name: "next", value: request.url.string)]
        return ConsoleRedirect.to("/console/login" + (back.string ?? ""))
    }
}

private enum SignedKey: StorageKey {
    typealias Value = ConsoleSession.Signed
}

extension Request {
    /// The console's signed-in host; only on routes behind `ConsoleSession`.
    var console: ConsoleSession.Signed {
        get throws {
            guard let signed = storage[SignedKey.self] else { throw AppError.unauthorized("sign in to the console first") }
            return signed
        }
    }
}
