import SmartCouchDomain
import SmartCouchServices
import Vapor

struct RatingController {
    let ratings: RatingService

    static let defaultPageSize = 20

    func register(routes: any RoutesBuilder, authenticated: any RoutesBuilder) {
        authenticated.post("ratings", use: rate)
        let couch = routes.grouped("ratings", ":couchId")
        couch.get(use: list)
        couch.get("summary", use: summary)
    }

    @Sendable func rate(_ request: Request) async throws -> Response {
        let rating = try await ratings.rate(request.body(RatingInput.self).submission, by: request.principal)
        return try await RatingBody(rating).encodeResponse(status: .created, for: request)
    }

    /// A plain array, as the original endpoint answered; the next page's URL is in the Link header.
    @Sendable func list(_ request: Request) async throws -> Response {
        let couchId = try request.uuid("couchId", as: "couch id")
        let query = try PageQuery(request, defaultLimit: Self.defaultPageSize)
        let page = try await ratings.page(couchId: couchId, limit: query.limit, after: query.cursor)
        let response = try await page.items.map(RatingBody.init).encodeResponse(for: request)
        if let next = page.next {
            let url = "/ratings/\(couchId.uuidString.lowercased())?limit=\(query.limit)&cursor=\(next.token)"
            response.headers.add(name: .link, value: "<\(url)>; rel=\"next\"")
        }
        return response
    }

    @Sendable func summary(_ request: Request) async throws -> RatingBreakdownBody {
        RatingBreakdownBody(try await ratings.breakdown(couchId: request.uuid("couchId", as: "couch id")))
    }
}
