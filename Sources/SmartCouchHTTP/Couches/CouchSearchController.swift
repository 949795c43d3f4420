import SmartCouchDomain
import SmartCouchServices
import Vapor

struct CouchSearchController {
    let search: CouchSearchService

    func register(routes: any RoutesBuilder) {
        routes.get("couches", use: find)
    }

    @Sendable func find(_ request: Request) async throws -> PageBody<CouchBody> {
        let page = try await search.search(request.query.decode(CouchSearchQuery.self).criteria())
        return PageBody(page, CouchBody.init)
    }
}
