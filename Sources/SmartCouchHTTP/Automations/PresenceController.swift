import Foundation
import SmartCouchServices
import Vapor

/// A couch's presence simulation, for its owner.
struct PresenceController {
    let presence: PresenceService

    func register(authenticated: any RoutesBuilder) {
        let couch = authenticated.grouped("couches", ":id")
        couch.get("presence", use: show)
        couch.patch("presence", use: change)
    }

    @Sendable func show(_ request: Request) async throws -> PresenceBody {
        PresenceBody(try await presence.show(couchId: request.uuid("id", as: "couchId"), by: request.principal))
    }

    @Sendable func change(_ request: Request) async throws -> PresenceBody {
        let input = try request.body(PresenceInput.self)
        return PresenceBody(try await presence.set(couchId: request.uuid("id", as: "couchId"), input.draft, by: request.principal))
    }
}
