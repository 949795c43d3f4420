import SmartCouchDomain
import Vapor

/// A browser that asked for a page under `prefix` gets a page when something fails, in its
/// language, with the status and headers an API client would get; API clients keep
/// `application/problem+json`. A missing link's page says nothing about whether its stay ever existed.
/// With `sayingWhy`, a request the caller got wrong (400, 422) is told why, as the API tells it:
/// a host who typed `?month=2026-13` learns what to fix.
struct PageErrorMiddleware: AsyncMiddleware {
    let catalogue: PageCatalogue
    let views: PageViews
    let prefix: String
    let sayingWhy: Bool
    let databaseUnavailable: @Sendable (any Error) -> DatabaseUnavailable?

    init(
        catalogue: PageCatalogue, views: PageViews, under prefix: String, sayingWhy: Bool = false,
        databaseUnavailable: @escaping @Sendable (any Error) -> DatabaseUnavailable?
    ) {
        self.catalogue = catalogue
        self.views = views
        self.prefix = prefix
        self.sayingWhy = sayingWhy
        self.databaseUnavailable = databaseUnavailable
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            guard request.url.path == prefix || request.url.path.hasPrefix(prefix + "/"), request.prefersHTML else { throw error }
            let problem = Problem(error, request: request, unavailable: databaseUnavailable(error))
            if problem.status == .internalServerError { request.logger.error("unhandled error: \(String(reflecting: error))") }
            let t = catalogue.language(accepting: request.headers.first(name: .acceptLanguage))
            let page: (title: String, message: String) =
                switch problem.status {
                case .notFound: (t["notFoundTitle"], t["notFound"])
                case .tooManyRequests: (t["tooManyTitle"], t("tooMany", ["seconds": problem.headers.first(name: .retryAfter) ?? "60"]))
                case .serviceUnavailable: (t["unavailableTitle"], t["unavailable"])
                case .internalServerError: (t["errorTitle"], t["error"])
                case .badRequest where sayingWhy, .unprocessableEntity where sayingWhy: (t["refusedTitle"], problem.detail)
                default: (t["refusedTitle"], t["refused"])
                }
            return try await PageResponse.render(
                "problem", ProblemPage(lang: t.code, title: page.title, message: page.message),
                status: problem.status, headers: problem.headers, with: views, for: request)
        }
    }
}

struct ProblemPage: Encodable {
    var lang: String
    var title: String
    var message: String
}
