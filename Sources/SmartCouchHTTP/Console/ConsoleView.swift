import Foundation
import SmartCouchDomain
import Vapor

/// How every console page is answered: in the host's language, with the console's menu and the
/// session's form token, under the headers of every page of ours; and how every form is: 303 to
/// a page (Post/Redirect/Get), leaving a notice for it to say once what happened.
struct ConsoleView: Sendable {
    let catalogue: PageCatalogue
    let views: PageViews
    let strings: TemplateStrings
    /// Whether cookies may travel only over https: when the server's public address is https.
    let secureCookies: Bool

    /// What every console template is handed: its own `page`, and the frame around it.
    struct Frame<Page: Encodable>: Encodable {
        var lang: String
        var t: [String: String]
        var title: String
        var csrf: String
        /// The menu's couches, as `ConsoleMenu` writes them.
        var menu: String
        var notice: String?
        /// The console's live script, on the pages where changes appear without a reload.
        var live: Bool
        /// The events that bring a live page up to date.
        var liveTypes: String
        var page: Page
    }

    func language(_ request: Request) -> PageCatalogue.Language {
        catalogue.language(accepting: request.headers.first(name: .acceptLanguage))
    }

    func render(
        _ template: String, title: String, _ page: some Encodable, couch: UUID? = nil, live: Bool = false,
        hearing: [EventType] = EventType.allCases, for request: Request
    ) async throws -> Response {
        let signed = try request.console
        let t = language(request)
        let notice = request.cookies[ConsoleCookies.notice]?.string.removingPercentEncoding.flatMap { $0.isEmpty ? nil : String($0.prefix(500)) }
        let frame = Frame(
            lang: t.code, t: strings.strings(for: "console/\(template)", in: t), title: title, csrf: signed.formToken,
            menu: ConsoleMenu.items(signed.couches, current: couch),
            notice: notice, live: live, liveTypes: hearing.map(\.rawValue).joined(separator: " "), page: page)
        let response = try await PageResponse.render("console/\(template)", frame, live: live, with: views, for: request)
        if notice != nil || request.cookies[ConsoleCookies.notice] != nil {
            response.cookies[ConsoleCookies.notice] = noticeCookie("", maxAge: 0)
        }
        return response
    }

    /// The form's answer: back to a page, which says `notice` once.
    func redirect(_ location: String, notice: String? = nil) -> Response {
        let response = ConsoleRedirect.to(location)
        if let notice {
            let encoded = String(notice.prefix(500)).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            response.cookies[ConsoleCookies.notice] = noticeCookie(encoded, maxAge: ConsoleCookies.noticeLifetime)
        }
        return response
    }

    /// Runs a form's action and answers 303 to `location`: what the host can fix (a bad date, a
    /// night taken meanwhile) is said there; a refusal (not theirs, not found) is an error page.
    func submit(_ location: String, done: String, _ action: () async throws -> Void) async throws -> Response {
        do {
            try await action()
            return redirect(location, notice: done)
        } catch let error as AppError where Self.told.contains(error.kind) {
            return redirect(location, notice: error.detail)
        }
    }

    /// A removal from a couch its caller hosts (checked before): pressed twice (a second tab, Back),
    /// it finds nothing, and the page says it is gone, as was asked, instead of a page of its own.
    func remove(_ location: String, done: String, gone: String, _ action: () async throws -> Void) async throws -> Response {
        do {
            return try await submit(location, done: done, action)
        } catch let error as AppError where error.kind == .notFound {
            return redirect(location, notice: gone)
        }
    }

    /// What a host can act on from the page: the input, the moment, or the hub.
    static let told: Set<AppError.Kind> = [
        .badRequest, .validationFailed, .conflict, .deviceOffline, .badGateway, .gatewayTimeout, .reauthenticationRequired
    ]

    private func noticeCookie(_ value: String, maxAge: Int) -> HTTPCookies.Value {
        HTTPCookies.Value(
            string: value, maxAge: maxAge, path: ConsoleCookies.path, isSecure: secureCookies, isHTTPOnly: true, sameSite: .strict)
    }
}

enum ConsoleRedirect {
    static func to(_ location: String) -> Response {
        let response = Response(status: .seeOther)
        response.headers.replaceOrAdd(name: .location, value: location)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}
