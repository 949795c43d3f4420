import SmartCouchDomain
import SmartCouchServices
import Vapor

struct CouchController {
    let couches: CouchService

    func register(routes: any RoutesBuilder, authenticated: any RoutesBuilder) {
        let open = routes.grouped("couches")
        open.get(":id", use: get)
        open.get("user", ":userId", use: ownedBy)
        open.get("city", ":city", ":userId", use: inCity)
        let owner = authenticated.grouped("couches")
        owner.post(use: create)
        owner.patch(":id", use: update)
        owner.delete(":id", use: delete)
    }

    @Sendable func create(_ request: Request) async throws -> Response {
        let couch = try await couches.create(request.body(CouchInput.self).changes, by: request.principal)
        return try await CouchBody(couch).encodeResponse(status: .created, for: request)
    }

    @Sendable func get(_ request: Request) async throws -> CouchBody {
        CouchBody(try await couches.get(request.uuid("id", as: "couch id")))
    }

    @Sendable func update(_ request: Request) async throws -> CouchBody {
        CouchBody(try await couches.update(request.uuid("id", as: "couch id"), request.body(CouchInput.self).changes, by: request.principal))
    }

    @Sendable func delete(_ request: Request) async throws -> HTTPStatus {
        try await couches.delete(request.uuid("id", as: "couch id"), by: request.principal)
        return .noContent
    }

    @Sendable func ownedBy(_ request: Request) async throws -> [CouchBody] {
        try await couches.owned(by: request.uuid("userId")).map(CouchBody.init)
    }

    @Sendable func inCity(_ request: Request) async throws -> [CouchBody] {
        let city = request.parameters.get("city") ?? ""
        let limit = try PageQuery.limit(request, default: 50, in: 1...100)
        return try await couches.inCity(city, excludingOwner: request.uuid("userId"), limit: limit).map(CouchBody.init)
    }
}
