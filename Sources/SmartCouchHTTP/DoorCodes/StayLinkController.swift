import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// What a stay link's holder sees and does: a page for a browser at the door, JSON for an app; and
/// the page's stylesheet. The page's buttons are forms that post to the same routes an app uses; a
/// browser (by its `Accept`) is sent back to the page with 303, so Reload and Back never post again.
/// Guesses at links are limited per client address.
struct StayLinkController {
    let access: StayAccessService
    let scenes: SceneService
    let catalogue: PageCatalogue
    let views: PageViews
    let stylesheet: PageAsset
    /// Whether the page's cookie may travel only over https: when the server's public address is https.
    let secureCookies: Bool
    let now: @Sendable () -> Date

    /// `links`: the stay-link routes, which share one limit on guessing.
    func register(routes: any RoutesBuilder, links: any RoutesBuilder) {
        links.get("stays", ":token", use: linked)
        links.post("stays", ":token", "checkout", use: checkOut)
        links.post("stays", ":token", "scenes", ":id", "run", use: runScene)
        routes.get("assets", "stay.css", use: stylesheet.serve)
    }

    @Sendable func linked(_ request: Request) async throws -> Response {
        guard request.prefersHTML else { return try await json(request, try await access.linked(token: request.linkToken)) }
        let ran = request.cookies[SceneRunNotice.cookie].flatMap { SceneRunNotice(cookie: $0.string) }
        let response = try await page(request, try await access.page(linkToken: request.linkToken), ran: ran)
        if request.cookies[SceneRunNotice.cookie] != nil {
            response.cookies[SceneRunNotice.cookie] = noticeCookie("", maxAge: 0, request)
        }
        return response
    }

    /// The page, afterwards, says the stay is over; the browser is told to drop the pages it keeps
    /// for Back, so the one with the code that no longer opens the door is not shown again.
    @Sendable func checkOut(_ request: Request) async throws -> Response {
        guard request.prefersHTML else { return try await json(request, try await access.checkOut(linkToken: request.linkToken)) }
        let response = try await submitted(request) { _ = try await access.checkOut(linkToken: request.linkToken) }
        response.headers.replaceOrAdd(name: "Clear-Site-Data", value: "\"cache\"")
        return response
    }

    /// An app gets each action's outcome; a browser, the page, which says once what the scene did.
    @Sendable func runScene(_ request: Request) async throws -> Response {
        let id = try request.uuid("id", as: "sceneId")
        guard request.prefersHTML else {
            let run = try await scenes.run(id, linkToken: request.linkToken)
            return try await SceneRunBody(sceneId: id, run.results).encodeResponse(for: request)
        }
        var notice: SceneRunNotice?
        let response = try await submitted(request) {
            notice = SceneRunNotice(sceneId: id, try await scenes.run(id, linkToken: request.linkToken).results)
        }
        if let notice {
            response.cookies[SceneRunNotice.cookie] = noticeCookie(notice.cookieValue, maxAge: SceneRunNotice.lifetime, request)
        }
        return response
    }

    private func json(_ request: Request, _ shown: ShownStay) async throws -> Response {
        let response = try await LinkedStayBody(shown).encodeResponse(for: request)
        // A PIN is not for shared caches or the browser's history of pages.
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        response.headers.replaceOrAdd(name: .vary, value: "Accept, Accept-Language")
        return response
    }

    /// Post/Redirect/Get: a form's answer is the stay's page, fetched anew. A form sent from a page
    /// left open after its stay ended finds the link gone for what it asks; the link's page, which
    /// now says the stay is over, is its answer all the same. A link that leads nowhere stays a miss.
    private func submitted(_ request: Request, _ form: () async throws -> Void) async throws -> Response {
        do {
            try await form()
        } catch let gone as AppError where gone == StayAccessService.linkGone {
            _ = try await access.page(linkToken: request.linkToken)
        }
        let response = Response(status: .seeOther)
        response.headers.replaceOrAdd(name: .location, value: request.linkPath)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        // The same POST answers an app with JSON.
        response.headers.replaceOrAdd(name: .vary, value: "Accept")
        return response
    }

    /// Only this link's page reads it, only from this site, and no script sees it.
    private func noticeCookie(_ value: String, maxAge: Int, _ request: Request) -> HTTPCookies.Value {
        HTTPCookies.Value(
            string: value, maxAge: maxAge, path: request.linkPath, isSecure: secureCookies, isHTTPOnly: true, sameSite: .strict)
    }

    private func page(_ request: Request, _ shown: ShownStay, ran: SceneRunNotice?) async throws -> Response {
        let language = catalogue.language(accepting: request.headers.first(name: .acceptLanguage))
        // A checked-out stay's link runs nothing (its list is a 404): the thank-you page offers nothing.
        let runnable = shown.phase == .checkedOut ? [] : try await runnableScenes(linkToken: request.linkToken)
        let page = StayPage(shown, scenes: runnable, ran: ran, linkPath: request.linkPath, language: language, now: now())
        return try await PageResponse.render("stay", page, with: views, for: request)
    }

    /// What the link may run now, as the app's list has it; outside the stay's window, where that
    /// list is refused, the page simply offers none.
    private func runnableScenes(linkToken token: String) async throws -> [Scene] {
        do {
            let (runnable, _) = try await scenes.scenes(linkToken: token)
            return runnable
        } catch let refusal as AppError where refusal.kind == .forbidden {
            return []
        }
    }
}

extension Request {
    fileprivate var linkToken: String { parameters.get("token") ?? "" }
    fileprivate var linkPath: String { "/stays/\(linkToken)" }
}
