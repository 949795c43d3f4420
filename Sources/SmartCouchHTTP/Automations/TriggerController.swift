import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A couch's triggers and the runs they made, for its owner.
struct TriggerController {
    let triggers: TriggerService

    func register(authenticated: any RoutesBuilder) {
        let couch = authenticated.grouped("couches", ":id")
        couch.post("triggers", use: create)
        couch.get("triggers", use: list)
        couch.delete("triggers", ":triggerId", use: delete)
        couch.get("automation-runs", use: runs)
    }

    @Sendable func create(_ request: Request) async throws -> Response {
        let input = try request.body(TriggerInput.self)
        let trigger = try await triggers.create(couchId: request.uuid("id", as: "couchId"), input.draft, by: request.principal)
        return try await TriggerBody(trigger).encodeResponse(status: .created, for: request)
    }

    @Sendable func list(_ request: Request) async throws -> TriggerPage {
        TriggerPage(items: try await triggers.list(couchId: request.uuid("id", as: "couchId"), by: request.principal).map(TriggerBody.init))
    }

    @Sendable func delete(_ request: Request) async throws -> HTTPStatus {
        try await triggers.delete(request.uuid("triggerId", as: "triggerId"), couchId: request.uuid("id", as: "couchId"), by: request.principal)
        return .noContent
    }

    @Sendable func runs(_ request: Request) async throws -> PageBody<AutomationRunBody> {
        let query = try PageQuery(request, defaultLimit: 50)
        let page = try await triggers.runs(couchId: request.uuid("id", as: "couchId"), after: query.cursor, limit: query.limit, by: request.principal)
        return PageBody(page, AutomationRunBody.init)
    }
}
