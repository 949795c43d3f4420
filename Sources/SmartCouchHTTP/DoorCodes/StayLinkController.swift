import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// What a stay link's holder sees and does: a page for a browser at the door, JSON for an app; and
/// the page's stylesheet. The page's buttons are forms that post to the same routes an app uses,
/// and a browser (by its `Accept`) gets the page back. Guesses at links are limited per client address.
struct StayLinkController {
    let access: StayAccessService
    let scenes: SceneService
    let catalogue: PageCatalogue
    let stylesheet: String
    let now: @Sendable () -> Date

    /// `links`: the stay-link routes, which share one limit on guessing.
    func register(routes: any RoutesBuilder, links: any RoutesBuilder) {
        links.get("stays", ":token", use: linked)
        links.post("stays", ":token", "checkout", use: checkOut)
        links.post("stays", ":token", "scenes", ":id", "run", use: runScene)
        routes.get("assets", "stay.css", use: style)
    }

    @Sendable func linked(_ request: Request) async throws -> Response {
        try await answer(request, try await access.linked(token: request.linkToken))
    }

    @Sendable func checkOut(_ request: Request) async throws -> Response {
        try await answer(request, try await access.checkOut(linkToken: request.linkToken))
    }

    /// An app gets each action's outcome; the page, itself again, saying what the scene did.
    @Sendable func runScene(_ request: Request) async throws -> Response {
        let id = try request.uuid("id", as: "sceneId")
        let run = try await scenes.run(id, linkToken: request.linkToken)
        guard request.prefersHTML else { return try await SceneRunBody(sceneId: id, run.results).encodeResponse(for: request) }
        return try await page(request, try await access.linked(token: request.linkToken), ran: run)
    }

    @Sendable func style(_ request: Request) async throws -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: "text/css; charset=utf-8")
        headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=3600")
        headers.replaceOrAdd(name: .xContentTypeOptions, value: "nosniff")
        return Response(status: .ok, headers: headers, body: .init(string: stylesheet))
    }

    private func answer(_ request: Request, _ shown: ShownStay) async throws -> Response {
        guard request.prefersHTML else {
            let response = try await LinkedStayBody(shown).encodeResponse(for: request)
            // A PIN is not for shared caches or the browser's history of pages.
            response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
            response.headers.replaceOrAdd(name: .vary, value: "Accept, Accept-Language")
            return response
        }
        return try await page(request, shown)
    }

    private func page(_ request: Request, _ shown: ShownStay, ran: StayPage.SceneRun? = nil) async throws -> Response {
        let language = catalogue.language(accepting: request.headers.first(name: .acceptLanguage))
        // A checked-out stay's link runs nothing (its list is a 404): the thank-you page offers nothing.
        let runnable = shown.phase == .checkedOut ? [] : try await runnableScenes(linkToken: request.linkToken)
        let page = StayPage(shown, scenes: runnable, ran: ran, linkPath: "/stays/\(request.linkToken)", language: language, now: now())
        return try await PageResponse.render("stay", page, for: request)
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
}
