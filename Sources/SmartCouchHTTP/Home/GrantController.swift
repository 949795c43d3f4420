import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// Grants: the host lets someone else use a couch's devices for a while.
struct GrantController {
    let grants: GrantService

    func register(authenticated: any RoutesBuilder) {
        let home = authenticated.grouped("home")
        home.post("grants", use: grant)
        home.get("grants", ":id", use: grantsOnCouch)
        home.delete("grants", ":id", use: revokeGrant)
    }

    @Sendable func grant(_ request: Request) async throws -> Response {
        let input = try request.body(GrantInput.self)
        let grant = try await grants.grant(
            couchId: input.couchId, userId: input.userId, startsAt: input.startsAt, endsAt: input.endsAt, by: request.principal)
        return try await GrantBody(grant).encodeResponse(status: .created, for: request)
    }

    @Sendable func grantsOnCouch(_ request: Request) async throws -> [GrantBody] {
        try await grants.grants(couchId: request.uuid("id", as: "couchId"), by: request.principal).map(GrantBody.init)
    }

    @Sendable func revokeGrant(_ request: Request) async throws -> HTTPStatus {
        try await grants.revoke(request.uuid("id", as: "grantId"), by: request.principal)
        return .noContent
    }
}
