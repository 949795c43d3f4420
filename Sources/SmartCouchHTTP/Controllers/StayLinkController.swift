import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// What a stay link's holder sees: a page for a browser at the door, JSON for an app; and the
/// page's stylesheet. Guesses at links are limited per client address.
struct StayLinkController {
    let access: StayAccessService
    let catalogue: PageCatalogue
    let stylesheet: String
    let now: @Sendable () -> Date

    /// `links`: the stay-link routes, which share one limit on guessing.
    func register(routes: any RoutesBuilder, links: any RoutesBuilder) {
        links.get("stays", ":token", use: linked)
        links.post("stays", ":token", "checkout", use: checkOut)
        routes.get("assets", "stay.css", use: style)
    }

    @Sendable func linked(_ request: Request) async throws -> Response {
        try await answer(request, try await access.linked(token: request.parameters.get("token") ?? ""))
    }

    @Sendable func checkOut(_ request: Request) async throws -> Response {
        try await answer(request, try await access.checkOut(linkToken: request.parameters.get("token") ?? ""))
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
        let language = catalogue.language(accepting: request.headers.first(name: .acceptLanguage))
        let path = "/stays/\(request.parameters.get("token") ?? "")"
        return try await PageResponse.render("stay", StayPage(shown, linkPath: path, language: language, now: now()), for: request)
    }
}
