import SmartCouchDomain
import SmartCouchServices
import Vapor

struct CouchSearchController {
    let search: CouchSearchService

    func register(routes: any RoutesBuilder) {
        routes.get("couches", use: find)
    }

    @Sendable func find(_ request: Request) async throws -> CouchPageBody {
        let page = try await search.search(request.query.decode(CouchSearchQuery.self).criteria())
        return CouchPageBody(items: page.items.map(CouchBody.init), nextCursor: page.next?.token)
    }
}

struct CouchPageBody: Content {
    var items: [CouchBody]
    /// Send as `cursor` for the next page; absent on the last page.
    var nextCursor: String?
}
