import SmartCouchDomain
import SmartCouchPersistence
import SmartCouchServices
import Vapor

struct CouchSearchController {
    let search: CouchSearchService

    func register(routes: any RoutesBuilder) {
        routes.get("couches", use: find)
    }

    /// Every parameter as text: the service names each bad one.
    struct SearchQuery: Content {
        var city, checkIn, checkOut, guests: String?
        var minLat, minLon, maxLat, maxLon: String?
        var sort, limit, cursor: String?
    }

    @Sendable func find(_ request: Request) async throws -> CouchPageBody {
        let query = try request.query.decode(SearchQuery.self)
        let page = try await search.search(.init(
            city: query.city, checkIn: query.checkIn, checkOut: query.checkOut, guests: query.guests,
            minLat: query.minLat, minLon: query.minLon, maxLat: query.maxLat, maxLon: query.maxLon,
            sort: query.sort, limit: query.limit, cursor: query.cursor))
        return CouchPageBody(items: page.items.map(CouchBody.init), nextCursor: page.next?.token)
    }
}

struct CouchPageBody: Content {
    var items: [CouchBody]
    /// Send as `cursor` for the next page; absent on the last page.
    var nextCursor: String?
}
